import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';

/**
 * The number of the SMS_FROM pool a vendor texts a phone from (docs/contract.md#sms-replies): kept for that pair, so the
 * phone's replies to it reach that vendor. Used again, it stays the pair's; unused for 90 days, another
 * vendor may take it for that phone.
 */
@Entity('sms_sender_pairs')
@Index('idx_sms_sender_pairs_phone_sender', ['phone', 'sender'])
export class SmsSenderPair {
  /** `xxx-xxx-xxxx`. */
  @PrimaryColumn({ type: 'varchar', length: 12, primaryKeyConstraintName: 'pk_sms_sender_pairs' })
  phone: string;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_sms_sender_pairs_vendor' })
  vendor?: Vendor;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'pk_sms_sender_pairs' })
  vendorId: number;

  /** The pool's number, E.164. */
  @Column({ type: 'varchar', length: 16 })
  sender: string;

  /** When the vendor last texted the phone from it (the service's clock). */
  @Column({ type: 'timestamptz' })
  lastUsedAt: Date;
}
