import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReviewLocation } from './entities/review-location.entity';
import { ReviewSettings } from './entities/review-settings.entity';
import { ReviewSettingsController } from './review-settings.controller';
import { ReviewSettingsRepository } from './review-settings.repository';
import { ReviewSettingsService } from './review-settings.service';

@Module({
  imports: [TypeOrmModule.forFeature([ReviewSettings, ReviewLocation])],
  controllers: [ReviewSettingsController],
  providers: [ReviewSettingsRepository, ReviewSettingsService],
  exports: [ReviewSettingsService],
})
export class ReviewSettingsModule {}
