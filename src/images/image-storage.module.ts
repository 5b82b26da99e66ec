import { Module } from '@nestjs/common';
import { ImagesConfig, imagesConfig } from '../config/images.config';
import { ImageStorage } from './image-storage';
import { LocalImageStorage } from './local-image-storage';
import { LocalImagesImport } from './local-images-import';
import { PostgresImageStorage } from './postgres-image-storage';

/** Where image files live, without the HTTP side: the images module and the CLI both use it. */
@Module({
  providers: [
    LocalImageStorage,
    PostgresImageStorage,
    LocalImagesImport,
    // The one place that says where files live (IMAGE_STORAGE). The local store is also the source of
    // move-local-images. The S3 store, and with it the AWS SDK, is loaded only when IMAGE_STORAGE=s3
    // (its settings validated at boot): requiring the SDK would slow every other start and CLI run.
    {
      provide: ImageStorage,
      inject: [imagesConfig.KEY, PostgresImageStorage, LocalImageStorage],
      useFactory: async (config: ImagesConfig, postgres: PostgresImageStorage, local: LocalImageStorage) => {
        if (config.storage === 's3') {
          const { S3ImageStorage } = await import('./s3-image-storage.js');
          return new S3ImageStorage(config.s3!);
        }
        return config.storage === 'local' ? local : postgres;
      },
    },
  ],
  exports: [ImageStorage, LocalImagesImport],
})
export class ImageStorageModule {}
