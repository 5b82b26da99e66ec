import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { Sql } from '../database/sql';
import { ProcessReminder, type ReminderOutcome } from './entities/process-reminder.entity';
import { ReputationEventType } from './entities/reputation-event.entity';

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
    await this.txHost.tx.insert(ProcessReminder, reminder);
  }

  /**
   * Waiting reminders due at `now`, oldest first, locked to the end of the transaction; rows another
   * transaction holds are skipped (it is sending them), so concurrent passes share the work.
   */
  claimDue(now: Date, limit: number): Promise<ProcessReminder[]> {
    return this.claimQuery(now, limit).getMany();
  }

  /** The claim's statement (the benchmark explains it): the partial index on due_at, nothing else read. */
  claimQuery(now: Date, limit: number): SelectQueryBuilder<ProcessReminder> {
    return this.txHost.tx
      .createQueryBuilder(ProcessReminder, 'reminder')
      .where('reminder.outcome IS NULL')
      .andWhere('reminder.dueAt <= :now', { now })
      .orderBy('reminder.dueAt')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked');
  }

  async defer(processId: number, until: Date): Promise<void> {
    await this.txHost.tx.update(ProcessReminder, { processId }, { dueAt: until });
  }

  async settle(processId: number, outcome: ReminderOutcome): Promise<void> {
    await this.txHost.tx.update(ProcessReminder, { processId }, { outcome, settledAt: () => 'now()' });
  }

  /** Whether the customer answered, chose yes/no or clicked a review link on the process's page. */
  async customerActed(processId: number): Promise<boolean> {
    const rows: { acted: boolean }[] = await this.sql.rows({
      sql: 'SELECT EXISTS (SELECT 1 FROM reputation_events WHERE process_id = $1 AND type = ANY($2)) AS acted',
      parameters: [processId, CUSTOMER_ACTIONS],
    });
    return rows[0].acted;
  }
}
