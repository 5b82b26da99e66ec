import type { Locale } from '../../common/locale/locale';
import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';

/** How the customer's journey began: a vendor's feedback request or a standalone review request. */
export enum ProcessOrigin {
  FeedbackRequest = 'FEEDBACK_REQUEST',
  ReviewRequest = 'REVIEW_REQUEST',
}

/** The states the KPIs count (docs/contract.md#reputation-kpis). */
export enum ProcessState {
  InProgress = 'IN_PROGRESS',
  Completed = 'COMPLETED',
  Terminated = 'TERMINATED',
}

/** What the customer's page shows next. */
export enum JourneyStep {
  /** Star rating, would-refer, comment. */
  Feedback = 'FEEDBACK',
  /** "Are you happy with us?" yes/no (a standalone review request; a feedback rating already said it). */
  ReviewQuestion = 'REVIEW_QUESTION',
  /** The vendor's review links; "I posted my review" once the customer has been to one and come back. */
  ReviewLinks = 'REVIEW_LINKS',
  /** After a negative answer: a private message to the vendor, the review links below it. */
  PrivateFeedback = 'PRIVATE_FEEDBACK',
  /** After a confirmed review: refer a friend by email, text or share link. */
  Referral = 'REFERRAL',
  /** Nothing more to ask (after a negative answer the review links stay below). */
  Finished = 'FINISHED',
}

export enum TerminationReason {
  OptedOut = 'OPTED_OUT',
  CancelledByVendor = 'CANCELLED_BY_VENDOR',
}

/** One customer's journey with one vendor, reached through one unguessable link. */
@Entity('reputation_processes')
// (vendor_id, time) INCLUDE the columns the KPIs read: hand-written in the migration.
@Index('idx_reputation_processes_vendor_started', { synchronize: false })
// (vendor_id, ended_at) of ended processes, for the KPIs' partial days: hand-written in the KpiRollups migration.
@Index('idx_reputation_processes_vendor_ended', { synchronize: false })
@Index('uq_reputation_processes_token', ['token'], { unique: true })
// Finding one person's records (docs/contract.md#data-rights): hand-written in the CustomerDataRights migration.
@Index('idx_reputation_processes_email', { synchronize: false })
@Index('idx_reputation_processes_phone', { synchronize: false })
export class ReputationProcess {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ type: 'integer' })
  vendorId: number;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE' })
  vendor?: Vendor;

  /** The secret in the customer's link `/r/{token}`: 144 random bits, base64url. */
  @Column({ type: 'varchar', length: 32 })
  token: string;

  @Column({ type: 'enum', enum: ProcessOrigin, enumName: 'reputation_process_origin' })
  origin: ProcessOrigin;

  @Column({
    type: 'enum',
    enum: ProcessState,
    enumName: 'reputation_process_state',
    default: ProcessState.InProgress,
  })
  state: ProcessState;

  @Column({ type: 'enum', enum: JourneyStep, enumName: 'reputation_journey_step' })
  step: JourneyStep;

  /** How the customer is greeted. */
  @Column({ type: 'varchar', length: 100 })
  firstName: string;

  /** The customer's language: every message, reminder and page of the process is in it (docs/contract.md#language). */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  locale: Locale;

  /** Lower-cased; null when the request gave only a phone. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  /** `xxx-xxx-xxxx`; null when the request gave only an email. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  phone: string | null;

  /** What the customer wrote privately after a negative answer. */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  privateFeedback: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  startedAt: Date;

  /** When the process became completed or terminated. */
  @Column({ type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @Column({ type: 'enum', enum: TerminationReason, enumName: 'reputation_termination_reason', nullable: true })
  terminationReason: TerminationReason | null;

  /** When the customer unsubscribed through this process's link (the process may have been completed before). */
  @Column({ type: 'timestamptz', nullable: true })
  optedOutAt: Date | null;

  /** When the customer's data was erased (docs/contract.md#data-rights): the link answers 410 from then on. */
  @Column({ type: 'timestamptz', nullable: true })
  erasedAt: Date | null;
}
