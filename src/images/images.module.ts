import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VendorsModule } from '../vendors/vendors.module';
import { VendorImage } from './entities/vendor-image.entity';
import { ImageProcessor } from './image-processor';
import { ImageStorage } from './image-storage';
import { ImageFilesController, VendorImagesController } from './images.controller';
import { ImagesRepository } from './images.repository';
import { ImagesService } from './images.service';
import { LocalImageStorage } from './local-image-storage';

@Module({
  imports: [TypeOrmModule.forFeature([VendorImage]), VendorsModule],
  controllers: [VendorImagesController, ImageFilesController],
  providers: [
    ImagesRepository,
    ImagesService,
    ImageProcessor,
    // The one place that says where files live: swap in another ImageStorage (e.g. S3) here.
    { provide: ImageStorage, useClass: LocalImageStorage },
  ],
})
export class ImagesModule {}
