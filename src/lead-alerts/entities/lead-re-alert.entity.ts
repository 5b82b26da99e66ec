import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';

/** What became of a lead's re-alert; null while it waits. */
export enum ReAlertOutcome {
  Sent = 'SENT',
  /** The lead was viewed, accepted, declined or expired meanwhile. */
  NotNeeded = 'NOT_NEEDED',
  /** The vendor had switched every channel off by then. */
  NoChannel = 'NO_CHANNEL',
  VendorDeactivated = 'VENDOR_DEACTIVATED',
}

/**
 * One row per alerted lead whose vendor wants re-alerts (docs/contract.md#speed-to-lead): its primary key makes the
 * re-alert once per lead; it is claimed with SKIP LOCKED when due, like a reminder.
 */
@Entity('lead_re_alerts')
@Index('idx_lead_re_alerts_due', ['dueAt'], { where: '"outcome" IS NULL' })
export class LeadReAlert {
  @PrimaryColumn({ type: 'bigint' })
  leadId: number;

  @Column({ type: 'integer' })
  vendorId: number;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_lead_re_alerts_vendor' })
  vendor?: Vendor;

  @Column({ type: 'timestamptz' })
  dueAt: Date;

  @Column({ type: 'enum', enum: ReAlertOutcome, enumName: 'lead_re_alert_outcome', nullable: true })
  outcome: ReAlertOutcome | null;

  @Column({ type: 'timestamptz', nullable: true })
  settledAt: Date | null;
}
