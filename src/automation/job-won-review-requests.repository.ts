import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { JobWonOutcome, JobWonReviewRequest } from './entities/job-won-review-request.entity';

export type PendingJobWon = Pick<JobWonReviewRequest, 'leadId' | 'vendorId' | 'dueAt'>;

@Injectable()
export class JobWonReviewRequestsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** The lead's row, unless it has one already (a won status set again): false then. */
  async insertOnce(row: PendingJobWon): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(JobWonReviewRequest)
      .values(row)
      .orIgnore()
      .returning(['leadId'])
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  /** Due rows, oldest first, locked for the transaction; rows another pass holds are skipped. */
  claimDue(now: Date, limit: number): Promise<JobWonReviewRequest[]> {
    return this.txHost.tx
      .createQueryBuilder(JobWonReviewRequest, 'pending')
      .where('pending.outcome IS NULL')
      .andWhere('pending.dueAt <= :now', { now })
      .orderBy('pending.dueAt')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
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
