import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';

/**
 * One row per vendor that saved its lead alert settings (docs/contract.md#speed-to-lead); a vendor without one has the
 * defaults of `DEFAULT_LEAD_ALERT_SETTINGS`. The DTO validates; the checks hold whatever writes.
 */
@Entity('lead_alert_settings')
@Check('chk_lead_alert_settings_re_alert', `"re_alert_after_minutes" BETWEEN 0 AND 1440`)
@Check('chk_lead_alert_settings_sms_phone', `NOT "sms_enabled" OR "phone" IS NOT NULL`)
export class LeadAlertSettings {
  @PrimaryColumn({ type: 'integer' })
  vendorId: number;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_lead_alert_settings_vendor' })
  vendor?: Vendor;

  /** Where alert e-mails go; null: the vendor's account e-mail, whatever it is at the time. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  /** Where alert SMS go, as xxx-xxx-xxxx. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  phone: string | null;

  @Column({ type: 'boolean', default: true })
  emailEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  smsEnabled: boolean;

  /** 0: no re-alert. */
  @Column({ type: 'integer', default: 30 })
  reAlertAfterMinutes: number;

  /** When the alert e-mail (other than the vendor's own) was confirmed by its code; null: not confirmed. */
  @Column({ type: 'timestamptz', nullable: true })
  emailConfirmedAt: Date | null;

  /** When the alert phone was confirmed by its code; null: not confirmed. */
  @Column({ type: 'timestamptz', nullable: true })
  phoneConfirmedAt: Date | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
