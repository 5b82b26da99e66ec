import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReviewSettingsModule } from '../review-settings/review-settings.module';
import { CustomerJourneyService } from './customer-journey.service';
import { CustomerPagesController } from './customer-pages.controller';
import { ContactOptOut } from './entities/contact-opt-out.entity';
import { FeedbackRequest } from './entities/feedback-request.entity';
import { ReferralConversion } from './entities/referral-conversion.entity';
import { ReferralRequest } from './entities/referral-request.entity';
import { Referral } from './entities/referral.entity';
import { ReputationEvent } from './entities/reputation-event.entity';
import { ReputationProcess } from './entities/reputation-process.entity';
import { ReviewRequest } from './entities/review-request.entity';
import {
  CustomerFeedbackSystemController,
  FeedbackRequestsController,
  ReputationProcessController,
  ReviewRequestsController,
} from './reputation.controller';
import { ReputationKpiRepository } from './reputation-kpi.repository';
import { ReputationKpiService } from './reputation-kpi.service';
import { ReputationLinks } from './reputation-links';
import { ReputationMessages } from './reputation-messages';
import { ReputationRequestsService } from './reputation-requests.service';
import { ReputationRepository } from './reputation.repository';

/**
 * Reputation processes: review and feedback requests from the vendor API, the customer's pages that
 * record every answer as an event, referrals, opt-outs, and the KPIs counted from those events.
 */
@Module({
  imports: [
    NotificationsModule,
    ReviewSettingsModule,
    TypeOrmModule.forFeature([
      ReputationProcess,
      FeedbackRequest,
      ReviewRequest,
      ReferralRequest,
      Referral,
      ReferralConversion,
      ContactOptOut,
      ReputationEvent,
    ]),
  ],
  controllers: [
    ReviewRequestsController,
    CustomerFeedbackSystemController,
    FeedbackRequestsController,
    ReputationProcessController,
    CustomerPagesController,
  ],
  providers: [
    ReputationRepository,
    ReputationKpiRepository,
    ReputationLinks,
    ReputationMessages,
    ReputationRequestsService,
    ReputationKpiService,
    CustomerJourneyService,
  ],
  exports: [ReputationRequestsService, CustomerJourneyService],
})
export class ReputationModule {}
