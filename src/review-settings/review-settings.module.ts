import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReviewLocation } from './entities/review-location.entity';
import { ReviewSettings } from './entities/review-settings.entity';
import { ReviewSettingsController } from './review-settings.controller';
import { ReviewSettingsRepository } from './review-settings.repository';
import { ReviewSettingsService } from './review-settings.service';
import { CustomSmsSizesService } from './custom-sms-sizes';
import { VendorsModule } from '../vendors/vendors.module';

@Module({
  imports: [VendorsModule, TypeOrmModule.forFeature([ReviewSettings, ReviewLocation])],
  controllers: [ReviewSettingsController],
  providers: [ReviewSettingsRepository, ReviewSettingsService, CustomSmsSizesService],
  exports: [ReviewSettingsService],
})
export class ReviewSettingsModule {}
