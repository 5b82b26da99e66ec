import { Module } from '@nestjs/common';
import { ImagesConfig, imagesConfig } from '../config/images.config';
import { ImageStorage } from './image-storage';
import { LocalImageStorage } from './local-image-storage';
import { LocalImagesImport } from './local-images-import';
import { PostgresImageStorage } from './postgres-image-storage';
import { S3ImageStorage } from './s3-image-storage';

/** Where image files live, without the HTTP side: the images module and the CLI both use it. */
@Module({
  providers: [
    LocalImageStorage,
    PostgresImageStorage,
    LocalImagesImport,
    // The one place that says where files live (IMAGE_STORAGE). The local store is also the source of
    // move-local-images; the S3 client is made only when its settings (validated at boot) are used.
    {
      provide: ImageStorage,
      inject: [imagesConfig.KEY, PostgresImageStorage, LocalImageStorage],
      useFactory: (config: ImagesConfig, postgres: PostgresImageStorage, local: LocalImageStorage) => {
        if (config.storage === 's3') return new S3ImageStorage(config.s3!);
        return config.storage === 'local' ? local : postgres;
      },
    },
  ],
  exports: [ImageStorage, LocalImagesImport],
})
export class ImageStorageModule {}
