import { Module } from '@nestjs/common';
import { FeedbackModule } from '../feedback/feedback.module';
import { LeadConversationsModule } from '../lead-conversations/lead-conversations.module';
import { ReferralsModule } from '../referrals/referrals.module';
import { ReputationModule } from '../reputation/reputation.module';
import { ReviewRequestsModule } from '../review-requests/review-requests.module';
import { ReviewSettingsModule } from '../review-settings/review-settings.module';
import { CustomerJourneyService } from './customer-journey.service';
import { CustomerPagesController } from './customer-pages.controller';

/**
 * The paths these pages answer, for the app's set-up (routing ignores case). Their forms' bad bytes are refused by the
 * validation pipe, so the customer gets a page in their language rather than the API's envelope.
 */
export const CUSTOMER_PAGE_PATHS = /^\/(r|i|l|assets)\//i;

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
  providers: [CustomerJourneyService],
  exports: [CustomerJourneyService],
})
export class CustomerPagesModule {}
