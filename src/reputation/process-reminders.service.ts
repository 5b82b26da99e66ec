import { Injectable } from '@nestjs/common';
import type { AutomationSettingsValues } from '../automation-settings/automation-settings';
import { Clock } from '../common/time/clock';
import type { CustomerPurpose, NotificationChannel } from '../notifications/notification.types';
import { type ProcessReminder, ReminderOutcome } from './entities/process-reminder.entity';
import { ProcessOrigin, ProcessState, type ReputationProcess } from './entities/reputation-process.entity';
import { ProcessRemindersRepository } from './process-reminders.repository';
import { ProcessRepository } from './process.repository';
import { customerPaths } from './reputation-links';
import { type MessageToCustomer, ReputationMessages } from './reputation-messages';

export type DueReminder = Pick<ProcessReminder, 'processId' | 'vendorId' | 'requestId' | 'channels' | 'dueAt'>;

/** The vendor's custom texts for a process's messages (review requests have them), undefined for none. */
export type CustomMessagesOf = (process: ReputationProcess) => Promise<MessageToCustomer['customMessages']>;

const REMINDER_PURPOSE: Record<ProcessOrigin, CustomerPurpose> = {
  [ProcessOrigin.FeedbackRequest]: 'FEEDBACK_REMINDER',
  [ProcessOrigin.ReviewRequest]: 'REVIEW_REMINDER',
};

/**
 * The one reminder of a process (docs/contract.md#automation): scheduled when the process starts, sent by the
 * automation's pass through `claimDue` and `remind`, all in the pass's transaction.
 */
@Injectable()
export class ProcessRemindersService {
  constructor(
    private readonly reminders: ProcessRemindersRepository,
    private readonly processes: ProcessRepository,
    private readonly messages: ReputationMessages,
    private readonly clock: Clock,
  ) {}

  /**
   * With the first messages of a process (on `channels`): one reminder after the vendor's delay, if it
   * wants reminders (its automation settings, as the process start read them).
   */
  async schedule(
    process: ReputationProcess,
    requestId: number,
    channels: NotificationChannel[],
    {
      reminderEnabled,
      reminderDelayMinutes,
    }: Pick<AutomationSettingsValues, 'reminderEnabled' | 'reminderDelayMinutes'>,
  ): Promise<void> {
    if (!reminderEnabled) return;
    const dueAt = new Date(this.clock.now().getTime() + reminderDelayMinutes * 60_000);
    await this.reminders.insert({ processId: process.id, vendorId: process.vendorId, requestId, channels, dueAt });
  }

  /** Due reminders, locked for the caller's transaction; those another pass holds are left to it. */
  claimDue(now: Date, limit: number): Promise<DueReminder[]> {
    return this.reminders.claimDue(now, limit);
  }

  /** The reminder waits (quiet hours). */
  defer(reminder: DueReminder, until: Date): Promise<void> {
    return this.reminders.defer(reminder.processId, until);
  }

  /** The reminder is given up without looking at the process (the vendor switched reminders off). */
  giveUp(reminder: DueReminder, outcome: ReminderOutcome): Promise<void> {
    return this.reminders.settle(reminder.processId, outcome);
  }

  /**
   * Sends the reminder, on the channels of the first message and with its link, unless the customer
   * acted or the process ended meanwhile; settles it either way. The process is locked, so an answer
   * arriving at this moment is either seen here or comes after the reminder was queued.
   */
  async remind(reminder: DueReminder, customMessagesOf: CustomMessagesOf): Promise<ReminderOutcome> {
    const process = await this.processes.lockProcessOfVendor(reminder.vendorId, reminder.processId);
    const outcome = (await this.stillSilent(process))
      ? await this.send(reminder, process!, customMessagesOf)
      : ReminderOutcome.CustomerActed;
    await this.reminders.settle(reminder.processId, outcome);
    return outcome;
  }

  private async stillSilent(process: ReputationProcess | null): Promise<boolean> {
    if (!process || process.state !== ProcessState.InProgress || process.optedOutAt) return false;
    return !(await this.reminders.customerActed(process.id));
  }

  private async send(
    reminder: DueReminder,
    process: ReputationProcess,
    customMessagesOf: CustomMessagesOf,
  ): Promise<ReminderOutcome> {
    const queued = await this.messages.queue({
      vendorId: process.vendorId,
      purpose: REMINDER_PURPOSE[process.origin],
      locale: process.locale,
      subjectId: reminder.requestId,
      firstName: process.firstName,
      contact: {
        email: reminder.channels.includes('EMAIL') ? process.email : null,
        phone: reminder.channels.includes('SMS') ? process.phone : null,
      },
      path: customerPaths.process(process.token),
      unsubscribePath: customerPaths.processUnsubscribe(process.token),
      customMessages: await customMessagesOf(process),
      processId: process.id,
    });
    return queued.channels.length > 0 ? ReminderOutcome.Sent : ReminderOutcome.OptedOut;
  }
}
