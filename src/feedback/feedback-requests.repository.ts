import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { LockSpace, lockUntilCommit } from '../database/advisory-locks';
import type { PageRequest } from '../common/pagination/page';
import { Sql } from '../database/sql';
import type { Contact } from '../reputation/contact';
import { FeedbackRequest } from './entities/feedback-request.entity';
import { FEEDBACK_SQL, type FeedbackRequestWithProcess } from './feedback.sql';

export type NewFeedbackRequest = Pick<FeedbackRequest, 'vendorId' | 'processId' | 'customerName' | 'email' | 'phone'>;

@Injectable()
export class FeedbackRequestsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /** Whether the vendor has a feedback request with the same email or the same phone. */
  async exists(vendorId: number, contact: Contact): Promise<boolean> {
    const [{ found }] = await this.sql.rows(
      FEEDBACK_SQL.exists.bind({ vendorId, email: contact.email, phone: contact.phone }),
    );
    return found;
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
    return this.sql.rows(FEEDBACK_SQL.page.bind({ vendorId, limit: size, offset: page * size }));
  }

  count(vendorId: number): Promise<number> {
    return this.txHost.tx.countBy(FeedbackRequest, { vendorId });
  }
}
