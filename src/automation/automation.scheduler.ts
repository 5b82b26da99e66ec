import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
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
  private running = false;

  constructor(
    private readonly reminders: ReminderPass,
    private readonly jobWon: JobWonReviewRequests,
    private readonly registry: SchedulerRegistry,
    @Inject(automationConfig.KEY) private readonly config: AutomationConfig,
  ) {}

  /** Registered with the scheduler, which clears it at shutdown like the decorated intervals. */
  onApplicationBootstrap(): void {
    this.registry.addInterval(
      'automation',
      setInterval(() => void this.runDueWork(), this.config.intervalMs),
    );
  }

  async runDueWork(): Promise<void> {
    // A pass slower than the interval must not overlap the next one.
    if (this.running) return;
    this.running = true;
    try {
      // Each pass on its own: one failing does not hold the other back.
      await this.logged(async () => {
        const { sent, deferred, skipped } = await this.reminders.run();
        if (sent + deferred + skipped === 0) return;
        this.logger.log(
          `Reminders: ${sent} sent, ${deferred} deferred to the end of quiet hours, ${skipped} not needed`,
        );
      });
      await this.logged(async () => {
        const settled = await this.jobWon.createDue();
        if (settled > 0) this.logger.log(`Won jobs: ${settled} review request(s) created or skipped`);
      });
    } finally {
      this.running = false;
    }
  }

  private async logged(pass: () => Promise<void>): Promise<void> {
    try {
      await pass();
    } catch (error) {
      this.logger.error(error);
    }
  }
}
