import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { LockSpace, lockUntilCommit } from '../database/advisory-locks';
import type { PageRequest } from '../common/pagination/page';
import { Sql } from '../database/sql';
import type { Contact } from '../reputation/contact';
import type { ReputationProcess } from '../reputation/entities/reputation-process.entity';
import { FeedbackRequest } from './entities/feedback-request.entity';

export type NewFeedbackRequest = Pick<FeedbackRequest, 'vendorId' | 'processId' | 'customerName' | 'email' | 'phone'>;

/** A feedback request with the state of its process, as the vendor's list shows it. */
export type FeedbackRequestWithProcess = FeedbackRequest & { process: ReputationProcess };

@Injectable()
export class FeedbackRequestsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /** Whether the vendor has a feedback request with the same email or the same phone. */
  async exists(vendorId: number, contact: Contact): Promise<boolean> {
    const rows: { found: boolean }[] = await this.sql.rows({
      sql: `SELECT EXISTS (SELECT 1 FROM feedback_requests WHERE vendor_id = $1 AND (email = $2 OR phone = $3)) AS found`,
      parameters: [vendorId, contact.email, contact.phone],
    });
    return rows[0].found;
  }

  /** `exists`, holding a lock to the end of the transaction: two creates for one vendor cannot both miss each other. */
  async duplicateExists(vendorId: number, contact: Contact): Promise<boolean> {
    await lockUntilCommit(this.sql, LockSpace.FeedbackRequestDuplicates, vendorId);
    return this.exists(vendorId, contact);
  }

  insert(request: NewFeedbackRequest): Promise<FeedbackRequest> {
    return this.txHost.tx.save(FeedbackRequest, request as FeedbackRequest);
  }

  findByProcess(processId: number): Promise<FeedbackRequest | null> {
    return this.txHost.tx.findOneBy(FeedbackRequest, { processId });
  }

  async answer(processId: number, answer: Pick<FeedbackRequest, 'rating' | 'wouldRefer' | 'comment'>): Promise<void> {
    await this.txHost.tx.update(FeedbackRequest, { processId }, { ...answer, answeredAt: () => 'now()' });
  }

  /** One page of the vendor's feedback requests, newest first, with their processes. */
  page(vendorId: number, { page, size }: PageRequest): Promise<FeedbackRequestWithProcess[]> {
    return this.txHost.tx
      .createQueryBuilder(FeedbackRequest, 'f')
      .innerJoinAndSelect('f.process', 'p')
      .where('f.vendorId = :vendorId', { vendorId })
      .orderBy('f.createdAt', 'DESC')
      .addOrderBy('f.id', 'DESC')
      .limit(size)
      .offset(page * size)
      .getMany() as Promise<FeedbackRequestWithProcess[]>;
  }

  count(vendorId: number): Promise<number> {
    return this.txHost.tx.countBy(FeedbackRequest, { vendorId });
  }
}
