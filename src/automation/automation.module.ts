import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutomationSettingsModule } from '../automation-settings/automation-settings.module';
import { LeadsModule } from '../leads/leads.module';
import { ReputationModule } from '../reputation/reputation.module';
import { ReviewRequestsModule } from '../review-requests/review-requests.module';
import { ReviewSettingsModule } from '../review-settings/review-settings.module';
import { VendorsModule } from '../vendors/vendors.module';
import { AutomationScheduler } from './automation.scheduler';
import { JobWonReviewRequest } from './entities/job-won-review-request.entity';
import { JobWonReviewRequestsRepository } from './job-won-review-requests.repository';
import { JobWonReviewRequests } from './job-won-review-requests';
import { ReminderPass } from './reminder-pass';

/**
 * What the service does on its own for a vendor (docs/contract.md#automation): the one reminder to a silent customer
 * (the reminders are the reputation core's rows) and the review request of a won lead (told by leads
 * through its `LeadListeners` port). Above the reputation modules and leads.
 */
@Module({
  imports: [
    AutomationSettingsModule,
    LeadsModule,
    ReputationModule,
    ReviewRequestsModule,
    ReviewSettingsModule,
    VendorsModule,
    TypeOrmModule.forFeature([JobWonReviewRequest]),
  ],
  providers: [ReminderPass, JobWonReviewRequestsRepository, JobWonReviewRequests, AutomationScheduler],
  exports: [ReminderPass, JobWonReviewRequests],
})
export class AutomationModule {}
