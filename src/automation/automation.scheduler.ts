import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { oneAtATime, runEvery } from '../common/scheduling/every';
import { type AutomationConfig, automationConfig } from '../config/automation.config';
import { JobWonReviewRequests } from './job-won-review-requests';
import { ReminderPass } from './reminder-pass';

/**
 * Runs the automation's passes every AUTOMATION_INTERVAL_MS (a minute) on every instance; their
 * SKIP LOCKED claims keep each reminder and each won lead's request to one instance.
 */
@Injectable()
export class AutomationScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(AutomationScheduler.name);

  constructor(
    private readonly reminders: ReminderPass,
    private readonly jobWon: JobWonReviewRequests,
    @Inject(automationConfig.KEY) private readonly config: AutomationConfig,
    @Optional() private readonly registry?: SchedulerRegistry,
  ) {}

  readonly runDueWork = oneAtATime(async () => {
    // Each pass on its own: one failing does not hold the other back.
    await this.logged(async () => {
      const { sent, deferred, skipped } = await this.reminders.run();
      if (sent + deferred + skipped === 0) return;
      this.logger.log(`Reminders: ${sent} sent, ${deferred} deferred to the end of quiet hours, ${skipped} not needed`);
    });
    await this.logged(async () => {
      const settled = await this.jobWon.createDue();
      if (settled > 0) this.logger.log(`Won jobs: ${settled} review request(s) created or skipped`);
    });
  }, this.logger);

  onApplicationBootstrap(): void {
    runEvery(this.registry, 'automation', this.config.intervalMs, this.runDueWork);
  }

  private async logged(pass: () => Promise<void>): Promise<void> {
    try {
      await pass();
    } catch (error) {
      this.logger.error(error);
    }
  }
}
