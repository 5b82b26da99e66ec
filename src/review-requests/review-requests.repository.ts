import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { LockSpace, lockUntilCommit } from '../database/advisory-locks';
import type { NamedSql } from '../database/named-sql';
import { Sql } from '../database/sql';
import { type ConsentLines, ConsentService } from '../consent/consent.service';
import type { Contact } from '../reputation/contact';
import { ReviewRequest } from './entities/review-request.entity';
import { REVIEW_REQUEST_SQL, insertStatingSql } from './review-requests.sql';

export type NewReviewRequest = Pick<
  ReviewRequest,
  'vendorId' | 'processId' | 'firstName' | 'lastName' | 'email' | 'phone'
> &
  Partial<Pick<ReviewRequest, 'leadId'>>;

@Injectable()
export class ReviewRequestsRepository {
  private readonly insertStating: NamedSql<ReviewRequest>;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
    consents: ConsentService,
  ) {
    this.insertStating = insertStatingSql(consents.statedLinesInsert);
  }

  /**
   * Whether the vendor has a review request with the same email or the same phone. The check holds a
   * lock to the end of the transaction, so two creates for one vendor cannot both miss each other.
   */
  async duplicateExists(vendorId: number, contact: Contact): Promise<boolean> {
    await lockUntilCommit(this.sql, LockSpace.ReviewRequestDuplicates, vendorId);
    const [{ found }] = await this.sql.rows(
      REVIEW_REQUEST_SQL.duplicateExists.bind({ vendorId, email: contact.email, phone: contact.phone }),
    );
    return found;
  }

  /** The request and, in the same statement, the consent lines it states (`ConsentService.statedOnRequest`). */
  async insert(request: NewReviewRequest, stated: ConsentLines | null = null): Promise<ReviewRequest> {
    const values = { leadId: null, ...request, ...stated };
    const [row] = await this.sql.rows((stated ? this.insertStating : REVIEW_REQUEST_SQL.insert).bind(values));
    return row;
  }

  async answer(processId: number, happy: boolean): Promise<void> {
    await this.txHost.tx.update(ReviewRequest, { processId }, { happy, answeredAt: () => 'now()' });
  }

  /** Answers the request's id. */
  async confirm(processId: number): Promise<number> {
    await this.txHost.tx.update(ReviewRequest, { processId }, { confirmedAt: () => 'now()' });
    return this.idByProcess(processId);
  }

  /** The review request of a process (one per process). */
  async idByProcess(processId: number): Promise<number> {
    const request = await this.txHost.tx.findOneOrFail(ReviewRequest, { where: { processId }, select: { id: true } });
    return request.id;
  }
}
