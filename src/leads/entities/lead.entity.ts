import type { Locale } from '../../common/locale/locale';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';

/** What the vendor did with a lead. */
export enum LeadAction {
  None = 'NONE',
  Accept = 'ACCEPT',
  Decline = 'DECLINE',
  Expired = 'EXPIRED',
}

/** Where a lead came from: the operator's team assigned it, or a customer referred a friend (a referral). */
export enum LeadSource {
  Operator = 'OPERATOR',
  Referral = 'REFERRAL',
}

/** Where an accepted lead stands, as the vendor reports it (the spec's sixteen values). */
export enum PostLeadStatus {
  NoResponse = 'NO_RESPONSE',
  HomeownerContacted = 'HOMEOWNER_CONTACTED',
  MeetupScheduled = 'MEETUP_SCHEDULED',
  QuoteSent = 'QUOTE_SENT',
  JobPendingDecision = 'JOB_PENDING_DECISION',
  JobWon = 'JOB_WON',
  JobLost = 'JOB_LOST',
  JobPostponedOrCancelled = 'JOB_POSTPONED_OR_CANCELLED',
  NoResponseFromHomeowner = 'NO_RESPONSE_FROM_HOMEOWNER',
  Other = 'OTHER',
  ReachedOutToHomeowner = 'REACHED_OUT_TO_HOMEOWNER',
  MultipleAttemptsNoResponse = 'MULTIPLE_ATTEMPTS_NO_RESPONSE',
  ContactMade = 'CONTACT_MADE',
  EstimateProvided = 'ESTIMATE_PROVIDED',
  LeadWon = 'LEAD_WON',
  LeadLost = 'LEAD_LOST',
}

/** Statuses that close an accepted lead: no further update is asked of the vendor. */
export const FINAL_POST_LEAD_STATUSES: readonly PostLeadStatus[] = [
  PostLeadStatus.JobWon,
  PostLeadStatus.JobLost,
  PostLeadStatus.JobPostponedOrCancelled,
  PostLeadStatus.LeadWon,
  PostLeadStatus.LeadLost,
];

/**
 * A lead assigned to a vendor. The indexes are hand-written in the migration (partial, covering,
 * descending: more than @Index can say) and only named here so schema generation leaves them alone.
 */
@Entity('leads')
@Index('idx_leads_vendor_created', { synchronize: false })
@Index('idx_leads_vendor_accepted_created', { synchronize: false })
@Index('idx_leads_vendor_attention_created', { synchronize: false })
@Index('idx_leads_pending_created', { synchronize: false })
@Index('idx_leads_vendor_response_times', { synchronize: false })
// The clock's part of the REQUIRES_ATTENTION count (partial): hand-written in the LeadAttentionCounts migration.
@Index('idx_leads_vendor_pending_created', { synchronize: false })
@Index('idx_leads_vendor_open_status_date', { synchronize: false })
// Finding one person's records (docs/contract.md#data-rights): hand-written in the CustomerDataRights migration.
@Index('idx_leads_customer_email', { synchronize: false })
@Index('idx_leads_customer_phone', { synchronize: false })
// The leads a referrer's referrals brought (partial): hand-written in the ReferredLeadsIndex migration.
@Index('idx_leads_referred_by_process', { synchronize: false })
export class Lead {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ type: 'integer' })
  vendorId: number;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_leads_vendor' })
  vendor?: Vendor;

  @CreateDateColumn({ type: 'timestamptz' })
  dateCreated: Date;

  /** Set by every change, written explicitly by the repository's statements. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  dateModified: Date;

  /** When the vendor accepted or declined. */
  @Column({ type: 'timestamptz', nullable: true })
  actionDate: Date | null;

  @Column({ type: 'varchar', length: 100 })
  category: string;

  @Column({ type: 'varchar', length: 200 })
  customerName: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  customerEmail: string | null;

  /** North American, stored as xxx-xxx-xxxx. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  customerPhone: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  customerAddress: string | null;

  /** The customer's language, for the review request of a won job; null: the vendor's default. */
  @Column({ type: 'varchar', length: 2, nullable: true })
  customerLocale: Locale | null;

  @Column({ type: 'text' })
  projectDetailsHtml: string;

  @Column({ type: 'enum', enum: LeadSource, enumName: 'lead_source', default: LeadSource.Operator })
  source: LeadSource;

  /** A referral's referrer, as they gave their name on the customer's page. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  referredByName: string | null;

  /**
   * The referrer's reputation process. No foreign key: that table belongs to a module above leads, and
   * both go with their vendor.
   */
  @Column({ type: 'bigint', nullable: true })
  referredByProcessId: number | null;

  @Column({ type: 'text' })
  originalJobDescription: string;

  @Column({ type: 'boolean', default: false })
  vendorNotificationViewed: boolean;

  /**
   * The vendor's first view: its first GET /general-leads/{id}, or its decision on a lead never opened.
   * Null until then, and for leads viewed before view times were recorded.
   */
  @Column({ type: 'timestamptz', nullable: true })
  firstViewedAt: Date | null;

  /** The vendor's first message to the customer through the service (docs/contract.md#lead-conversations); null until then. */
  @Column({ type: 'timestamptz', nullable: true })
  firstMessageAt: Date | null;

  @Column({ type: 'enum', enum: LeadAction, enumName: 'lead_action', default: LeadAction.None })
  vendorLeadAction: LeadAction;

  @Column({ type: 'varchar', length: 500, nullable: true })
  declineReason: string | null;

  @Column({ type: 'enum', enum: PostLeadStatus, enumName: 'post_lead_status', nullable: true })
  postLeadStatus: PostLeadStatus | null;

  /** When postLeadStatus was last set; drives postLeadRequiresAction. */
  @Column({ type: 'timestamptz', nullable: true })
  postLeadStatusDate: Date | null;
}

/**
 * A lead as every read returns it: the vendor's action and dateModified as of now (a NONE lead past its
 * expiry reads as EXPIRED even before the job has stored that), and whether a status update is due.
 */
export interface LeadView extends Omit<Lead, 'vendor'> {
  postLeadRequiresAction: boolean;
}

/** The vendor's list filters. */
export enum LeadFilter {
  All = 'ALL',
  /** vendorLeadAction = ACCEPT. */
  Accepted = 'ACCEPTED',
  /** Leads still waiting for accept/decline, and accepted leads whose status update is due. */
  RequiresAttention = 'REQUIRES_ATTENTION',
}
