import { ConsentModule } from '../consent/consent.module';
import { EventsModule } from '../events/events.module';
import { Module } from '@nestjs/common';
import { ReviewRequestCustomerRecords } from './review-request-customer-records';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReputationModule } from '../reputation/reputation.module';
import { ReviewSettingsModule } from '../review-settings/review-settings.module';
import { ReviewRequest } from './entities/review-request.entity';
import { ReviewRequestsController } from './review-requests.controller';
import { ReviewRequestsRepository } from './review-requests.repository';
import { ReviewRequestsService } from './review-requests.service';

/** `POST /review-requests` and the review step of every journey, on the reputation core. */
@Module({
  imports: [
    ConsentModule,
    ReputationModule,
    ReviewSettingsModule,
    EventsModule,
    TypeOrmModule.forFeature([ReviewRequest]),
  ],
  controllers: [ReviewRequestsController],
  providers: [ReviewRequestsRepository, ReviewRequestsService, ReviewRequestCustomerRecords],
  exports: [ReviewRequestsService, ReviewRequestCustomerRecords],
})
export class ReviewRequestsModule {}
