import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';
import { RequiredDocType } from './required-doc-type.entity';

/**
 * What the operator recorded about one vendor's document of one kind. A kind with no row here is one
 * nothing was recorded for yet: the list joins every kind to these rows.
 */
@Entity('vendor_required_docs')
@Check('chk_vendor_required_docs_expiry_after_received', `"expiry_date" >= "date_received"`)
export class VendorRequiredDoc {
  @PrimaryColumn({ type: 'integer' })
  vendorId: number;

  @PrimaryColumn({ type: 'integer' })
  requiredDocId: number;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id' })
  vendor?: Vendor;

  @ManyToOne(() => RequiredDocType, { onDelete: 'RESTRICT', nullable: false })
  @JoinColumn({ name: 'required_doc_id' })
  requiredDoc?: RequiredDocType;

  /** YYYY-MM-DD. */
  @Column({ type: 'date', nullable: true })
  dateReceived: string | null;

  /** YYYY-MM-DD; null when the document does not expire. */
  @Column({ type: 'date', nullable: true })
  expiryDate: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
