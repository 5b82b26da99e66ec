import { Column, CreateDateColumn, Entity, Index, OneToMany, UpdateDateColumn } from 'typeorm';
import { VendorOwned } from '../../vendors/entities/vendor-owned';
import { ReviewLocation } from './review-location.entity';

/** One row per vendor: which review platforms its customers are sent to, where, and with what words. */
@Entity('review_settings')
@Index('uq_review_settings_vendor', ['vendorId'], { unique: true })
export class ReviewSettings extends VendorOwned {
  @Column({ type: 'boolean', default: false })
  googleReviewEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  facebookReviewEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  bbbReviewEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  otherReviewEnabled: boolean;

  @Column({ type: 'varchar', length: 100, default: '' })
  otherReviewSiteName: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  customSMSMessage: string;

  @Column({ type: 'varchar', length: 5000, default: '' })
  customEmailMessage: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  customSMSMessageFr: string;

  @Column({ type: 'varchar', length: 5000, default: '' })
  customEmailMessageFr: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  primaryGoogleReviewLabel: string;

  /** The primary label on French pages; empty: `primaryGoogleReviewLabel` is shown there too. */
  @Column({ type: 'varchar', length: 100, default: '' })
  primaryGoogleReviewLabelFr: string;

  /** Where the customer page sends a customer who picks the platform; null until configured. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  googleReviewUrl: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  facebookReviewUrl: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  bbbReviewUrl: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  otherReviewUrl: string | null;

  @OneToMany(() => ReviewLocation, 'settings')
  reviewLocations: ReviewLocation[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
