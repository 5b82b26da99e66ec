import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Referral } from './referral.entity';

/** A referred friend's contact request: the referral converted. */
@Entity('referral_conversions')
@Index('idx_referral_conversions_referral', ['referralId'])
// Finding one person's records (docs/contract.md#data-rights): hand-written in the CustomerDataRights migration.
@Index('idx_referral_conversions_email', { synchronize: false })
@Index('idx_referral_conversions_phone', { synchronize: false })
export class ReferralConversion {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ type: 'integer' })
  vendorId: number;

  @Column({ type: 'bigint' })
  referralId: number;

  @ManyToOne(() => Referral, { onDelete: 'CASCADE' })
  referral?: Referral;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 12, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  message: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
