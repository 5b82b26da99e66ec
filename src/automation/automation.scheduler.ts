import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { JobWonReviewRequests } from './job-won-review-requests';
import { ReminderPass } from './reminder-pass';

/** How often due work is looked for: a reminder or a won job's review request goes out at most this late. */
const AUTOMATION_INTERVAL_MS = 60_000;

/**
 * Runs the automation's passes every minute on every instance; their SKIP LOCKED claims keep each
 * reminder and each won lead's request to one instance.
 */
@Injectable()
export class AutomationScheduler {
  private readonly logger = new Logger(AutomationScheduler.name);
  private running = false;

  constructor(
    private readonly reminders: ReminderPass,
    private readonly jobWon: JobWonReviewRequests,
  ) {}

  @Interval('automation', AUTOMATION_INTERVAL_MS)
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
