import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';

export const CONFIRMED_CHANNELS = ['EMAIL', 'SMS'] as const;
export type ConfirmedChannel = (typeof CONFIRMED_CHANNELS)[number];

/**
 * A 6-digit code sent to a lead alert contact to confirm it (docs/contract.md#speed-to-lead): kept only as a
 * salted scrypt hash, good until `expiresAt` for a bounded number of attempts, used once.
 */
@Entity('lead_alert_codes')
@Index('idx_lead_alert_codes_vendor', ['vendorId', 'channel', 'createdAt'])
@Check('chk_lead_alert_codes_channel', `"channel" IN ('EMAIL', 'SMS')`)
export class LeadAlertCode {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_lead_alert_codes' })
  id: number;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_lead_alert_codes_vendor' })
  vendor?: Vendor;

  @Column({ type: 'integer' })
  vendorId: number;

  @Column({ type: 'varchar', length: 5 })
  channel: ConfirmedChannel;

  /** The e-mail address or `xxx-xxx-xxxx` phone the code was sent to: the one it confirms. */
  @Column({ type: 'varchar', length: 254 })
  contact: string;

  /** `salt:hash`, hex, of scrypt over the code. */
  @Column({ type: 'varchar', length: 200 })
  codeHash: string;

  /** Wrong codes tried while this one was waiting. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** When it confirmed its contact; a used code confirms nothing again. */
  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
