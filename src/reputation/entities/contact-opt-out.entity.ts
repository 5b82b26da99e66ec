import { Column, CreateDateColumn, Entity, ManyToOne, PrimaryColumn } from 'typeorm';
import { OPT_OUT_SOURCES, type OptOutSource } from '../../notifications/notification.types';
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

  /** `link` for every one made here (texted and carrier opt-outs are the SMS channel's, for every vendor). */
  @Column({ type: 'enum', enum: OPT_OUT_SOURCES, enumName: 'opt_out_source', default: 'link' })
  source: OptOutSource;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
