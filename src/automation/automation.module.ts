import { Module } from '@nestjs/common';
import { AutomationSettingsModule } from '../automation-settings/automation-settings.module';
import { ReputationModule } from '../reputation/reputation.module';
import { ReviewSettingsModule } from '../review-settings/review-settings.module';
import { ReminderPass } from './reminder-pass';
import { ReminderScheduler } from './reminder.scheduler';

/**
 * What the service does on its own for a vendor (CONTRACT 10): the one reminder to a silent customer.
 * Above the reputation modules and leads; it owns no table (the reminders are the reputation core's).
 */
@Module({
  imports: [AutomationSettingsModule, ReputationModule, ReviewSettingsModule],
  providers: [ReminderPass, ReminderScheduler],
  exports: [ReminderPass],
})
export class AutomationModule {}
