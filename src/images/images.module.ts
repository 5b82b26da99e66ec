import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImagesConfig, imagesConfig } from '../config/images.config';
import { VendorsModule } from '../vendors/vendors.module';
import { VendorImage } from './entities/vendor-image.entity';
import { ImageProcessor } from './image-processor';
import { ImageStorage } from './image-storage';
import { ImageFilesController, VendorImagesController } from './images.controller';
import { ImagesRepository } from './images.repository';
import { ImagesService } from './images.service';
import { LocalImageStorage } from './local-image-storage';
import { LocalImagesImport } from './local-images-import';
import { PostgresImageStorage } from './postgres-image-storage';

@Module({
  imports: [TypeOrmModule.forFeature([VendorImage]), VendorsModule],
  controllers: [VendorImagesController, ImageFilesController],
  providers: [
    ImagesRepository,
    ImagesService,
    ImageProcessor,
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
  exports: [LocalImagesImport],
})
export class ImagesModule {}
