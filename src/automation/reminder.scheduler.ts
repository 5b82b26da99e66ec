import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ReminderPass } from './reminder-pass';

/** How often due reminders are looked for: a reminder goes out at most this late. */
const REMINDER_INTERVAL_MS = 60_000;

/** Runs the reminder pass every minute on every instance; the pass's claims keep each reminder to one instance. */
@Injectable()
export class ReminderScheduler {
  private readonly logger = new Logger(ReminderScheduler.name);
  private running = false;

  constructor(private readonly pass: ReminderPass) {}

  @Interval('process-reminders', REMINDER_INTERVAL_MS)
  async sendDueReminders(): Promise<void> {
    // A pass slower than the interval must not overlap the next one.
    if (this.running) return;
    this.running = true;
    try {
      const { sent, deferred, skipped } = await this.pass.run();
      if (sent + deferred + skipped > 0) {
        this.logger.log(
          `Reminders: ${sent} sent, ${deferred} deferred to the end of quiet hours, ${skipped} not needed`,
        );
      }
    } catch (error) {
      this.logger.error(error);
    } finally {
      this.running = false;
    }
  }
}
