import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { VendorOwned } from '../../vendors/entities/vendor-owned';

export enum VendorImageKind {
  GoogleRank = 'GOOGLE_RANK',
  Gallery = 'GALLERY',
}

/** A stored image of a vendor; its file is in the ImageStorage under storageKey. */
@Entity('vendor_images')
@Index('idx_vendor_images_vendor_kind_id', ['vendorId', 'kind', 'id'])
@Index('uq_vendor_images_google_rank', ['vendorId'], { unique: true, where: `"kind" = 'GOOGLE_RANK'` })
@Index('uq_vendor_images_storage_key', ['storageKey'], { unique: true })
export class VendorImage extends VendorOwned {
  @Column({ type: 'enum', enum: VendorImageKind, enumName: 'vendor_image_kind' })
  kind: VendorImageKind;

  @Column({ type: 'varchar', length: 64 })
  storageKey: string;

  @Column({ type: 'varchar', length: 32 })
  contentType: string;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  /** Size of the stored file. */
  @Column({ type: 'integer' })
  bytes: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
