import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';

/**
 * A vendor whose texts an opted-out phone asked for again (docs/contract.md#sms-replies): `START` sent to
 * the number that vendor texts the phone from. The phone's opt-out (`sms_opt_outs`) stays for every other
 * vendor; a new opt-out of the phone removes its lifts.
 */
@Entity('sms_opt_out_lifts')
export class SmsOptOutLift {
  /** `xxx-xxx-xxxx`. */
  @PrimaryColumn({ type: 'varchar', length: 12, primaryKeyConstraintName: 'pk_sms_opt_out_lifts' })
  phone: string;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_sms_opt_out_lifts_vendor' })
  vendor?: Vendor;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'pk_sms_opt_out_lifts' })
  vendorId: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
