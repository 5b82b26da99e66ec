import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';

/** What became of a won lead's review request; null while it waits for its delay. */
export enum JobWonOutcome {
  Created = 'CREATED',
  /** The vendor already has a review request for this email or phone (skipDuplicates=true). */
  Duplicate = 'DUPLICATE',
  /** Every contact of the customer opted out of the vendor's messages. */
  OptedOut = 'OPTED_OUT',
  /** enableStandaloneReviewBooster was off when the request was due. */
  FeatureDisabled = 'FEATURE_DISABLED',
  /** The lead has neither email nor phone. */
  NoContact = 'NO_CONTACT',
}

/**
 * One row per won lead whose vendor asked for a review request on a won job (docs/contract.md#automation): its
 * primary key makes it once per lead however often a won status is set; a delayed one is claimed
 * with SKIP LOCKED when due, like a reminder.
 */
@Entity('job_won_review_requests')
@Index('idx_job_won_review_requests_due', ['dueAt'], { where: '"outcome" IS NULL' })
export class JobWonReviewRequest {
  @PrimaryColumn({ type: 'bigint' })
  leadId: number;

  @Column({ type: 'integer' })
  vendorId: number;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_job_won_review_requests_vendor' })
  vendor?: Vendor;

  @Column({ type: 'timestamptz' })
  dueAt: Date;

  @Column({ type: 'enum', enum: JobWonOutcome, enumName: 'job_won_outcome', nullable: true })
  outcome: JobWonOutcome | null;

  /** The review request created (outcome CREATED). */
  @Column({ type: 'bigint', nullable: true })
  reviewRequestId: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  settledAt: Date | null;
}
