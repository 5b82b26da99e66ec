import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { AutomationSettingsValues } from '../automation-settings/automation-settings';
import { AutomationSettingsService } from '../automation-settings/automation-settings.service';
import { quietUntil } from '../automation-settings/quiet-hours';
import { Clock } from '../common/time/clock';
import { ReminderOutcome } from '../reputation/entities/process-reminder.entity';
import { ProcessOrigin, type ReputationProcess } from '../reputation/entities/reputation-process.entity';
import { type DueReminder, ProcessRemindersService } from '../reputation/process-reminders.service';
import { ReviewSettingsService } from '../review-settings/review-settings.service';

/** Reminders claimed per transaction: short row locks, a bounded transaction. */
export const REMINDER_BATCH_SIZE = 100;

export interface ReminderPassResult {
  sent: number;
  deferred: number;
  skipped: number;
}

/**
 * One pass over the due reminders (docs/contract.md#automation): each batch is claimed with SKIP LOCKED and settled
 * in the transaction that queues its messages, so every reminder is sent once by whichever instance
 * claims it, and a pass that dies before its commit leaves its batch to the next pass.
 */
@Injectable()
export class ReminderPass {
  constructor(
    private readonly reminders: ProcessRemindersService,
    private readonly settings: AutomationSettingsService,
    private readonly reviewSettings: ReviewSettingsService,
    private readonly clock: Clock,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {}

  async run(): Promise<ReminderPassResult> {
    const now = this.clock.now();
    const result: ReminderPassResult = { sent: 0, deferred: 0, skipped: 0 };
    for (;;) {
      const claimed = await this.txHost.withTransaction(() => this.runBatch(now, result));
      if (claimed < REMINDER_BATCH_SIZE) return result;
    }
  }

  private async runBatch(now: Date, result: ReminderPassResult): Promise<number> {
    const due = await this.reminders.claimDue(now, REMINDER_BATCH_SIZE);
    const settingsOf = memoized((vendorId: number) => this.settings.settingsOf(vendorId));
    for (const reminder of due) {
      const settings = await settingsOf(reminder.vendorId);
      const outcome = await this.handle(reminder, settings, now);
      if (outcome === 'DEFERRED') result.deferred++;
      else if (outcome === ReminderOutcome.Sent) result.sent++;
      else result.skipped++;
    }
    return due.length;
  }

  /** The vendor's current settings decide: switched off, quiet now, or sent (if the customer is still silent). */
  private async handle(
    reminder: DueReminder,
    settings: AutomationSettingsValues,
    now: Date,
  ): Promise<ReminderOutcome | 'DEFERRED'> {
    if (!settings.reminderEnabled) {
      await this.reminders.giveUp(reminder, ReminderOutcome.Disabled);
      return ReminderOutcome.Disabled;
    }
    const quietEnd = quietUntil(settings, now);
    if (quietEnd) {
      await this.reminders.defer(reminder, quietEnd);
      return 'DEFERRED';
    }
    return this.reminders.remind(reminder, (process) => this.customMessagesOf(process));
  }

  /**
   * A review request's reminder uses the vendor's custom texts in the process's language, as its first
   * message did; feedback has none.
   */
  private async customMessagesOf(process: ReputationProcess) {
    if (process.origin !== ProcessOrigin.ReviewRequest) return undefined;
    return this.reviewSettings.customMessagesIn(process.vendorId, process.locale);
  }
}

function memoized<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const cache = new Map<K, Promise<V>>();
  return (key) => {
    let value = cache.get(key);
    if (!value) cache.set(key, (value = load(key)));
    return value;
  };
}
