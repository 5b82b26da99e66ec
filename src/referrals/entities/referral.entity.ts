import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ReferralChannel } from '../../reputation/entities/reputation-event.entity';
import { ReferralRequest } from './referral-request.entity';

/**
 * One referral a customer made: a friend invited by email or text, or the customer's share link. The
 * friend's page is `/i/{token}`.
 */
@Entity('referrals')
@Index('idx_referrals_request', ['referralRequestId'])
@Index('uq_referrals_token', ['token'], { unique: true })
// A customer has one share link, handed out again on every ask.
@Index('uq_referrals_share_link', ['referralRequestId'], { unique: true, where: `"channel" = 'SHARE'` })
// (vendor_id, coalesce(friend_email, friend_phone), created_at): the per-friend invitation limit; hand-written in the migration.
@Index('idx_referrals_vendor_friend', { synchronize: false })
// Finding one person's records (docs/contract.md#data-rights): hand-written in the CustomerDataRights migration.
@Index('idx_referrals_friend_email', { synchronize: false })
@Index('idx_referrals_friend_phone', { synchronize: false })
export class Referral {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ type: 'integer' })
  vendorId: number;

  @Column({ type: 'bigint' })
  referralRequestId: number;

  @ManyToOne(() => ReferralRequest, { onDelete: 'CASCADE' })
  referralRequest?: ReferralRequest;

  @Column({ type: 'enum', enum: ReferralChannel, enumName: 'referral_channel' })
  channel: ReferralChannel;

  @Column({ type: 'varchar', length: 32 })
  token: string;

  /** The customer's name as they gave it when inviting: the friend's message and page say who referred them. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  referrerName: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  friendName: string | null;

  /** Lower-cased; set for an email invitation. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  friendEmail: string | null;

  /** `xxx-xxx-xxxx`; set for a text invitation. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  friendPhone: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** When the data of the friend or of the customer who referred them was erased (docs/contract.md#data-rights): the link answers 410 from then on. */
  @Column({ type: 'timestamptz', nullable: true })
  erasedAt: Date | null;
}
