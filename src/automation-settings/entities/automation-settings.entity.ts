import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';

/**
 * One row per vendor that saved its automation settings (docs/contract.md#automation); a vendor without one has the
 * defaults of `DEFAULT_AUTOMATION_SETTINGS`. The DTO validates; the checks hold whatever writes.
 */
@Entity('automation_settings')
@Check('chk_automation_settings_reminder_delay', `"reminder_delay_minutes" BETWEEN 1 AND 20160`)
@Check('chk_automation_settings_review_delay', `"auto_review_request_delay_minutes" BETWEEN 0 AND 10080`)
@Check('chk_automation_settings_quiet_hours', `("quiet_hours_start" IS NULL) = ("quiet_hours_end" IS NULL)`)
export class AutomationSettings {
  @PrimaryColumn({ type: 'integer' })
  vendorId: number;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_automation_settings_vendor' })
  vendor?: Vendor;

  @Column({ type: 'boolean', default: true })
  reminderEnabled: boolean;

  @Column({ type: 'integer', default: 4320 })
  reminderDelayMinutes: number;

  /** `HH:MM` in `timeZone`; both null = no quiet hours. By default customers hear from 09:00 to 20:00. */
  @Column({ type: 'varchar', length: 5, nullable: true, default: '20:00' })
  quietHoursStart: string | null;

  @Column({ type: 'varchar', length: 5, nullable: true, default: '09:00' })
  quietHoursEnd: string | null;

  /** An IANA time zone. */
  @Column({ type: 'varchar', length: 64, default: 'America/Toronto' })
  timeZone: string;

  @Column({ type: 'boolean', default: false })
  autoReviewRequestOnJobWon: boolean;

  @Column({ type: 'integer', default: 120 })
  autoReviewRequestDelayMinutes: number;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
