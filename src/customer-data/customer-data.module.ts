import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ConsentModule } from '../consent/consent.module';
import { EventsModule } from '../events/events.module';
import { FeedbackModule } from '../feedback/feedback.module';
import { LeadConversationsModule } from '../lead-conversations/lead-conversations.module';
import { LeadsModule } from '../leads/leads.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReferralsModule } from '../referrals/referrals.module';
import { ReputationModule } from '../reputation/reputation.module';
import { ReviewRequestsModule } from '../review-requests/review-requests.module';
import { CustomerDataController } from './customer-data.controller';
import { CustomerDataService } from './customer-data.service';
import { CustomerDataProviders } from './customer-data-providers';
import { SmsInboundModule } from '../sms-inbound/sms-inbound.module';

/**
 * A person's data rights (docs/contract.md#data-rights), at the top of the module map: it asks each module that holds
 * personal data for its part (its `@CustomerDataProvider()`, found by discovery among the modules
 * imported here), and reads no table itself. The retention pass is `RetentionModule`'s.
 */
@Module({
  imports: [
    DiscoveryModule,
    LeadsModule,
    LeadConversationsModule,
    ReputationModule,
    FeedbackModule,
    ReviewRequestsModule,
    ReferralsModule,
    NotificationsModule,
    SmsInboundModule,
    EventsModule,
    ConsentModule,
  ],
  controllers: [CustomerDataController],
  providers: [CustomerDataService, CustomerDataProviders],
  exports: [CustomerDataService, CustomerDataProviders],
})
export class CustomerDataModule {}
