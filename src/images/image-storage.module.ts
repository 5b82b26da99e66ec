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
    // The one place that says where files live (IMAGE_STORAGE); both stores are cheap to construct.
    {
      provide: ImageStorage,
      inject: [imagesConfig.KEY, PostgresImageStorage, LocalImageStorage],
      useFactory: (config: ImagesConfig, postgres: PostgresImageStorage, local: LocalImageStorage) =>
        config.storage === 'local' ? local : postgres,
    },
  ],
  exports: [ImageStorage, LocalImagesImport],
})
export class ImageStorageModule {}
