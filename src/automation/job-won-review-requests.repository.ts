import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { Sql } from '../database/sql';
import { JobWonOutcome, JobWonReviewRequest } from './entities/job-won-review-request.entity';
import { JOB_WON_SQL } from './job-won-review-requests.sql';

export type PendingJobWon = Pick<JobWonReviewRequest, 'leadId' | 'vendorId' | 'dueAt'>;

@Injectable()
export class JobWonReviewRequestsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /** The lead's row, unless it has one already (a won status set again): false then. */
  async insertOnce(row: PendingJobWon): Promise<boolean> {
    const inserted = await this.sql.rows(
      JOB_WON_SQL.insertOnce.bind({ leadId: row.leadId, vendorId: row.vendorId, dueAt: row.dueAt }),
    );
    return inserted.length > 0;
  }

  /** Due rows, oldest first, locked for the transaction; rows another pass holds are skipped. */
  claimDue(now: Date, limit: number): Promise<JobWonReviewRequest[]> {
    return this.sql.rows(JOB_WON_SQL.claimDue.bind({ now, limit }));
  }

  /** A due row that must wait (the vendor's quiet hours): due again at `dueAt`. */
  async defer(leadId: number, dueAt: Date): Promise<void> {
    await this.txHost.tx.update(JobWonReviewRequest, { leadId, outcome: IsNull() }, { dueAt });
  }

  async settle(leadId: number, outcome: JobWonOutcome, reviewRequestId: number | null): Promise<void> {
    await this.txHost.tx.update(
      JobWonReviewRequest,
      { leadId },
      { outcome, reviewRequestId, settledAt: () => 'now()' },
    );
  }
}
