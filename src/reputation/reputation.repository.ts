import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { PageRequest } from '../common/pagination/page';
import { ContactOptOut } from './entities/contact-opt-out.entity';
import { FeedbackRequest } from './entities/feedback-request.entity';
import { ReferralConversion } from './entities/referral-conversion.entity';
import { ReferralRequest } from './entities/referral-request.entity';
import { Referral } from './entities/referral.entity';
import { ReputationEvent } from './entities/reputation-event.entity';
import { ReputationProcess } from './entities/reputation-process.entity';
import { ReviewRequest } from './entities/review-request.entity';

/** A customer's email (lower-cased) and phone (`xxx-xxx-xxxx`), either possibly absent. */
export interface Contact {
  email: string | null;
  phone: string | null;
}

export type RequestKind = 'review' | 'feedback';

const REQUEST_TABLES: Record<RequestKind, string> = { review: 'review_requests', feedback: 'feedback_requests' };
// First key of the two-key advisory locks that serialize one vendor's duplicate-checked creates.
const DUPLICATE_LOCK_SPACE: Record<RequestKind, number> = { review: 727_101, feedback: 727_102 };

export type NewEvent = Pick<ReputationEvent, 'vendorId' | 'processId' | 'type'> &
  Partial<Pick<ReputationEvent, 'rating' | 'wouldRefer' | 'platform' | 'channel'>>;

export type ProcessChanges = Partial<
  Pick<ReputationProcess, 'step' | 'state' | 'terminationReason' | 'privateFeedback'> & {
    ended: true;
    optedOut: true;
  }
>;

/** A feedback request with the state of its process, as the vendor's list shows it. */
export type FeedbackRequestWithProcess = FeedbackRequest & { process: ReputationProcess };

/** A friend's referral with what the friend's page shows about who referred them. */
export interface ReferralContext {
  referral: Referral;
  /** The referrer's process, which the friend's events belong to. */
  processId: number;
  vendorName: string;
  referrerFirstName: string;
}

@Injectable()
export class ReputationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Held to the end of the transaction: two creates for one vendor cannot both miss each other. */
  async lockDuplicateCheck(manager: EntityManager, kind: RequestKind, vendorId: number): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [DUPLICATE_LOCK_SPACE[kind], vendorId]);
  }

  /** Whether the vendor has a request of this kind with the same email or the same phone. */
  async requestExists(
    kind: RequestKind,
    vendorId: number,
    contact: Contact,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const rows: { found: boolean }[] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM ${REQUEST_TABLES[kind]}
                       WHERE vendor_id = $1 AND (email = $2 OR phone = $3)) AS found`,
      [vendorId, contact.email, contact.phone],
    );
    return rows[0].found;
  }

  async optedOut(
    vendorId: number,
    contacts: string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Set<string>> {
    if (contacts.length === 0) return new Set();
    const rows: { contact: string }[] = await manager.query(
      'SELECT contact FROM contact_opt_outs WHERE vendor_id = $1 AND contact = ANY($2)',
      [vendorId, contacts],
    );
    return new Set(rows.map((row) => row.contact));
  }

  async optOut(manager: EntityManager, vendorId: number, contacts: string[]): Promise<void> {
    if (contacts.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(ContactOptOut)
      .values(contacts.map((contact) => ({ vendorId, contact })))
      .orIgnore()
      .execute();
  }

  insertProcess(
    manager: EntityManager,
    process: Omit<
      ReputationProcess,
      'id' | 'state' | 'startedAt' | 'endedAt' | 'terminationReason' | 'optedOutAt' | 'privateFeedback'
    >,
  ): Promise<ReputationProcess> {
    return manager.save(manager.create(ReputationProcess, process));
  }

  insertFeedbackRequest(
    manager: EntityManager,
    request: Pick<FeedbackRequest, 'vendorId' | 'processId' | 'customerName' | 'email' | 'phone'>,
  ): Promise<FeedbackRequest> {
    return manager.save(manager.create(FeedbackRequest, request));
  }

  insertReviewRequest(
    manager: EntityManager,
    request: Pick<ReviewRequest, 'vendorId' | 'processId' | 'firstName' | 'lastName' | 'email' | 'phone'>,
  ): Promise<ReviewRequest> {
    return manager.save(manager.create(ReviewRequest, request));
  }

  insertReferralRequest(manager: EntityManager, vendorId: number, processId: number): Promise<ReferralRequest> {
    return manager.save(manager.create(ReferralRequest, { vendorId, processId }));
  }

  insertReferral(
    manager: EntityManager,
    referral: Pick<
      Referral,
      'vendorId' | 'referralRequestId' | 'channel' | 'token' | 'friendName' | 'friendEmail' | 'friendPhone'
    >,
  ): Promise<Referral> {
    return manager.save(manager.create(Referral, referral));
  }

  insertConversion(
    manager: EntityManager,
    conversion: Pick<ReferralConversion, 'vendorId' | 'referralId' | 'name' | 'email' | 'phone' | 'message'>,
  ): Promise<ReferralConversion> {
    return manager.save(manager.create(ReferralConversion, conversion));
  }

  async insertEvents(manager: EntityManager, events: NewEvent[]): Promise<void> {
    await manager.insert(ReputationEvent, events);
  }

  /** Changes a process; `ended` stamps ended_at and `optedOut` opted_out_at with the transaction's time. */
  async updateProcess(manager: EntityManager, id: number, changes: ProcessChanges): Promise<void> {
    const { ended, optedOut, ...columns } = changes;
    await manager.update(ReputationProcess, id, {
      ...columns,
      ...(ended ? { endedAt: () => 'now()' } : {}),
      ...(optedOut ? { optedOutAt: () => 'now()' } : {}),
    });
  }

  async answerFeedback(
    manager: EntityManager,
    processId: number,
    answer: Pick<FeedbackRequest, 'rating' | 'wouldRefer' | 'comment'>,
  ): Promise<void> {
    await manager.update(FeedbackRequest, { processId }, { ...answer, answeredAt: () => 'now()' });
  }

  async answerReview(manager: EntityManager, processId: number, happy: boolean): Promise<void> {
    await manager.update(ReviewRequest, { processId }, { happy, answeredAt: () => 'now()' });
  }

  async confirmReview(manager: EntityManager, processId: number): Promise<void> {
    await manager.update(ReviewRequest, { processId }, { confirmedAt: () => 'now()' });
  }

  /** Marks the referral request completed by this channel unless an earlier referral already did. */
  async completeReferralRequest(manager: EntityManager, id: number, channel: Referral['channel']): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(ReferralRequest)
      .set({ completedAt: () => 'now()', completedChannel: channel })
      .where('id = :id AND completed_at IS NULL', { id })
      .execute();
  }

  /** The process behind a customer link, locked for the rest of the transaction. */
  lockProcess(manager: EntityManager, token: string): Promise<ReputationProcess | null> {
    return manager.findOne(ReputationProcess, { where: { token }, lock: { mode: 'pessimistic_write' } });
  }

  lockProcessOfVendor(manager: EntityManager, vendorId: number, id: number): Promise<ReputationProcess | null> {
    return manager.findOne(ReputationProcess, { where: { id, vendorId }, lock: { mode: 'pessimistic_write' } });
  }

  findProcessById(id: number, manager: EntityManager = this.dataSource.manager): Promise<ReputationProcess | null> {
    return manager.findOneBy(ReputationProcess, { id });
  }

  findProcess(token: string): Promise<ReputationProcess | null> {
    return this.dataSource.manager.findOneBy(ReputationProcess, { token });
  }

  async vendorName(vendorId: number, manager: EntityManager = this.dataSource.manager): Promise<string> {
    const rows: { vendor_name: string }[] = await manager.query('SELECT vendor_name FROM vendors WHERE id = $1', [
      vendorId,
    ]);
    return rows[0].vendor_name;
  }

  feedbackRequestOf(manager: EntityManager, processId: number): Promise<FeedbackRequest | null> {
    return manager.findOneBy(FeedbackRequest, { processId });
  }

  findReferralRequest(
    processId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ReferralRequest | null> {
    return manager.findOneBy(ReferralRequest, { processId });
  }

  referralsOf(referralRequestId: number, manager: EntityManager = this.dataSource.manager): Promise<Referral[]> {
    return manager.find(Referral, { where: { referralRequestId }, order: { id: 'ASC' } });
  }

  /** The referral behind a friend's link, locked, with the names its page shows. */
  async lockReferral(manager: EntityManager, token: string): Promise<ReferralContext | null> {
    const referral = await manager.findOne(Referral, { where: { token }, lock: { mode: 'pessimistic_write' } });
    return referral && this.withReferrer(manager, referral);
  }

  async findReferral(token: string): Promise<ReferralContext | null> {
    const referral = await this.dataSource.manager.findOneBy(Referral, { token });
    return referral && this.withReferrer(this.dataSource.manager, referral);
  }

  private async withReferrer(manager: EntityManager, referral: Referral): Promise<ReferralContext> {
    const rows: { vendor_name: string; first_name: string; process_id: number }[] = await manager.query(
      `SELECT v.vendor_name, p.first_name, p.id AS process_id
         FROM referral_requests rr
         JOIN reputation_processes p ON p.id = rr.process_id
         JOIN vendors v ON v.id = rr.vendor_id
        WHERE rr.id = $1`,
      [referral.referralRequestId],
    );
    const [row] = rows;
    return { referral, processId: row.process_id, vendorName: row.vendor_name, referrerFirstName: row.first_name };
  }

  /** Whether the referral has a conversion from this email or phone; from anyone when contact is null. */
  async conversionExists(
    referralId: number,
    contact: Contact | null,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const rows: { found: boolean }[] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM referral_conversions
                       WHERE referral_id = $1 AND ($2 OR email = $3 OR phone = $4)) AS found`,
      [referralId, contact === null, contact?.email ?? null, contact?.phone ?? null],
    );
    return rows[0].found;
  }

  /** One page of the vendor's feedback requests, newest first, with their processes. */
  feedbackRequestsPage(vendorId: number, { page, size }: PageRequest): Promise<FeedbackRequestWithProcess[]> {
    return this.dataSource.manager
      .createQueryBuilder(FeedbackRequest, 'f')
      .innerJoinAndSelect('f.process', 'p')
      .where('f.vendorId = :vendorId', { vendorId })
      .orderBy('f.createdAt', 'DESC')
      .addOrderBy('f.id', 'DESC')
      .limit(size)
      .offset(page * size)
      .getMany() as Promise<FeedbackRequestWithProcess[]>;
  }

  countFeedbackRequests(vendorId: number): Promise<number> {
    return this.dataSource.manager.countBy(FeedbackRequest, { vendorId });
  }
}
