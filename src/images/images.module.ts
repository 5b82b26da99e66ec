import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VendorsModule } from '../vendors/vendors.module';
import { VendorImage } from './entities/vendor-image.entity';
import { ImageProcessor } from './image-processor';
import { ImageStorageModule } from './image-storage.module';
import { ImageFilesController, VendorImagesController } from './images.controller';
import { ImagesRepository } from './images.repository';
import { ImagesService } from './images.service';

@Module({
  imports: [TypeOrmModule.forFeature([VendorImage]), VendorsModule, ImageStorageModule],
  controllers: [VendorImagesController, ImageFilesController],
  providers: [ImagesRepository, ImagesService, ImageProcessor],
})
export class ImagesModule {}
