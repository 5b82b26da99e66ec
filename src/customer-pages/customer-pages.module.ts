import { Module } from '@nestjs/common';
import { FeedbackModule } from '../feedback/feedback.module';
import { LeadConversationsModule } from '../lead-conversations/lead-conversations.module';
import { ReferralsModule } from '../referrals/referrals.module';
import { ReputationModule } from '../reputation/reputation.module';
import { ReviewRequestsModule } from '../review-requests/review-requests.module';
import { ReviewSettingsModule } from '../review-settings/review-settings.module';
import { CustomerJourneyService } from './customer-journey.service';
import { CustomerPagesController } from './customer-pages.controller';
import { LinkedVendors, UnsubscribeLinks } from './linked-vendors';
import { CustomerPageExceptionFilter } from './http/customer-page-exception.filter';

// The paths these pages answer, for the app's set-up.
export { CUSTOMER_PAGE_PATHS } from './customer-page-paths';

/**
 * The customer's pages behind the link of their message (`/r/…`), a referred friend's (`/i/…`), and the
 * unsubscribe page of a lead's e-mail (`/l/…`).
 */
@Module({
  imports: [
    ReputationModule,
    ReviewRequestsModule,
    FeedbackModule,
    ReferralsModule,
    ReviewSettingsModule,
    LeadConversationsModule,
  ],
  controllers: [CustomerPagesController],
  providers: [CustomerJourneyService, LinkedVendors, UnsubscribeLinks, CustomerPageExceptionFilter],
  exports: [CustomerJourneyService, CustomerPageExceptionFilter],
})
export class CustomerPagesModule {}
