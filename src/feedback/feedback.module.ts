import { ConsentModule } from '../consent/consent.module';
import { EventsModule } from '../events/events.module';
import { Module } from '@nestjs/common';
import { FeedbackCustomerRecords } from './feedback-customer-records';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReputationModule } from '../reputation/reputation.module';
import { ReviewRequestsModule } from '../review-requests/review-requests.module';
import { FeedbackRequest } from './entities/feedback-request.entity';
import { CustomerFeedbackSystemController, FeedbackRequestsController } from './feedback.controller';
import { FeedbackCountsRepository } from './feedback-counts.repository';
import { FeedbackRequestsRepository } from './feedback-requests.repository';
import { FeedbackService } from './feedback.service';

/** `/customer-feedback-system` and `/feedback-requests`: feedback requests and their answers. */
@Module({
  imports: [
    ConsentModule,
    ReputationModule,
    ReviewRequestsModule,
    NotificationsModule,
    EventsModule,
    TypeOrmModule.forFeature([FeedbackRequest]),
  ],
  controllers: [CustomerFeedbackSystemController, FeedbackRequestsController],
  providers: [FeedbackRequestsRepository, FeedbackCountsRepository, FeedbackService, FeedbackCustomerRecords],
  exports: [FeedbackService, FeedbackCustomerRecords],
})
export class FeedbackModule {}
