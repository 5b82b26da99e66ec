import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { VendorAccount } from '../../auth/vendor-account';
import type { Locale } from '../../common/locale/locale';

@Entity('vendors')
// Expression indexes TypeORM cannot declare; created by the VendorSearchIndexes migration, declared here
// so that migration generation leaves them alone. The search matches and orders on lower(vendor_name).
@Index('idx_vendors_name_trgm', { synchronize: false })
@Index('idx_vendors_lower_name_id', { synchronize: false })
export class Vendor implements VendorAccount {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ type: 'varchar', length: 200 })
  vendorName: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 100 })
  cityName: string;

  @Column({ type: 'varchar', length: 100 })
  provinceName: string;

  @Column({ type: 'boolean', default: true })
  activated: boolean;

  @Column({ type: 'integer', default: 0 })
  packageType: number;

  @Column({ name: 'enable_full_rms', type: 'boolean', default: false })
  enableFullRMS: boolean;

  @Column({ type: 'boolean', default: false })
  enableStandaloneFeedbackBooster: boolean;

  @Column({ type: 'boolean', default: false })
  enableStandaloneReviewBooster: boolean;

  /** The language of its customers' messages and pages unless a request names one (docs/contract.md#language). */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  defaultLocale: Locale;

  /** Shown in every e-mail's identification block and on every page (CASL); null: the operator's. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  mailingAddress: string | null;

  /** xxx-xxx-xxxx. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  contactPhone: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  contactEmail: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  websiteUrl: string | null;

  /** The vendor's own SMS sender number (E.164), set by managers; null: the shared SMS_FROM. One vendor's alone. */
  @Index('uq_vendors_sms_from_number', { unique: true, where: '"sms_from_number" IS NOT NULL' })
  @Column({ type: 'varchar', length: 16, nullable: true })
  smsFromNumber: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
