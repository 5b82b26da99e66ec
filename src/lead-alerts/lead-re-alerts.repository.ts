import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import { LeadReAlert, type ReAlertOutcome } from './entities/lead-re-alert.entity';
import { LEAD_ALERT_SQL } from './lead-alerts.sql';

export type DueReAlert = Pick<LeadReAlert, 'leadId' | 'vendorId' | 'dueAt'>;

/** The leads' re-alerts; in the caller's transaction. */
@Injectable()
export class LeadReAlertsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  async insert(reAlert: DueReAlert): Promise<void> {
    await this.txHost.tx.insert(LeadReAlert, reAlert);
  }

  /**
   * Waiting re-alerts due at `now`, oldest first, locked to the end of the transaction; rows another
   * transaction holds are skipped (it is sending them), so concurrent passes share the work.
   */
  claimDue(now: Date, limit: number): Promise<LeadReAlert[]> {
    return this.sql.rows(LEAD_ALERT_SQL.claimDueReAlerts.bind({ now, limit }));
  }

  async settle(leadId: number, outcome: ReAlertOutcome): Promise<void> {
    await this.txHost.tx.update(LeadReAlert, { leadId }, { outcome, settledAt: () => 'now()' });
  }
}
