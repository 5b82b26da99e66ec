import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import { ProcessReminder, type ReminderOutcome } from './entities/process-reminder.entity';
import { ReputationEventType } from './entities/reputation-event.entity';
import { REPUTATION_SQL, claimDueRemindersStatement } from './reputation.sql';

export type NewReminder = Pick<ProcessReminder, 'processId' | 'vendorId' | 'requestId' | 'channels' | 'dueAt'>;

/** What the customer may do on their page that makes a reminder pointless. */
const CUSTOMER_ACTIONS = [
  ReputationEventType.FeedbackAnswered,
  ReputationEventType.ReviewYes,
  ReputationEventType.ReviewNo,
  ReputationEventType.ReviewLinkClicked,
  ReputationEventType.ReviewConfirmed,
  ReputationEventType.PrivateFeedbackGiven,
];

/** The processes' reminders; in the caller's transaction. */
@Injectable()
export class ProcessRemindersRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  async insert(reminder: NewReminder): Promise<void> {
    await this.sql.run(REPUTATION_SQL.insertReminder.bind({ ...reminder }));
  }

  /**
   * Waiting reminders due at `now`, oldest first, locked to the end of the transaction; rows another
   * transaction holds are skipped (it is sending them), so concurrent passes share the work.
   */
  claimDue(now: Date, limit: number): Promise<ProcessReminder[]> {
    return this.sql.rows(claimDueRemindersStatement(now, limit));
  }

  async defer(processId: number, until: Date): Promise<void> {
    await this.txHost.tx.update(ProcessReminder, { processId }, { dueAt: until });
  }

  async settle(processId: number, outcome: ReminderOutcome): Promise<void> {
    await this.txHost.tx.update(ProcessReminder, { processId }, { outcome, settledAt: () => 'now()' });
  }

  /** Whether the customer answered, chose yes/no or clicked a review link on the process's page. */
  async customerActed(processId: number): Promise<boolean> {
    const [{ acted }] = await this.sql.rows(REPUTATION_SQL.customerActed.bind({ processId, types: CUSTOMER_ACTIONS }));
    return acted;
  }
}
