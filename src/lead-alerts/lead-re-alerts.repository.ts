import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { LeadReAlert, type ReAlertOutcome } from './entities/lead-re-alert.entity';

export type DueReAlert = Pick<LeadReAlert, 'leadId' | 'vendorId' | 'dueAt'>;

/** The leads' re-alerts; in the caller's transaction. */
@Injectable()
export class LeadReAlertsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async insert(reAlert: DueReAlert): Promise<void> {
    await this.txHost.tx.insert(LeadReAlert, reAlert);
  }

  /**
   * Waiting re-alerts due at `now`, oldest first, locked to the end of the transaction; rows another
   * transaction holds are skipped (it is sending them), so concurrent passes share the work.
   */
  claimDue(now: Date, limit: number): Promise<LeadReAlert[]> {
    return this.txHost.tx
      .createQueryBuilder(LeadReAlert, 'reAlert')
      .where('reAlert.outcome IS NULL')
      .andWhere('reAlert.dueAt <= :now', { now })
      .orderBy('reAlert.dueAt')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
  }

  async settle(leadId: number, outcome: ReAlertOutcome): Promise<void> {
    await this.txHost.tx.update(LeadReAlert, { leadId }, { outcome, settledAt: () => 'now()' });
  }
}
