import { CreateDateColumn, Entity, ManyToOne, PrimaryColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';

/** An email or phone that a vendor must never message again. */
@Entity('contact_opt_outs')
export class ContactOptOut {
  @PrimaryColumn({ type: 'integer' })
  vendorId: number;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE' })
  vendor?: Vendor;

  /** A lower-cased email or an `xxx-xxx-xxxx` phone (the two forms cannot collide). */
  @PrimaryColumn({ type: 'varchar', length: 254 })
  contact: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
