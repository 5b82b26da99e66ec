import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TokenHolder } from '../../auth/entities/token-holder';
import type { VendorAccount } from '../../auth/vendor-account';

@Entity('vendors')
// Expression indexes TypeORM cannot declare; created by the VendorSearchIndexes migration, declared here
// so that migration generation leaves them alone. The search matches and orders on lower(vendor_name).
@Index('idx_vendors_name_trgm', { synchronize: false })
@Index('idx_vendors_lower_name_id', { synchronize: false })
export class Vendor extends TokenHolder implements VendorAccount {
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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
