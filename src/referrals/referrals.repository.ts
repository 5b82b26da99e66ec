import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { MoreThan } from 'typeorm';
import { LockSpace } from '../database/advisory-locks';
import { Sql } from '../database/sql';
import type { Contact } from '../reputation/contact';
import type { ReferralChannel } from '../reputation/entities/reputation-event.entity';
import { ReferralConversion } from './entities/referral-conversion.entity';
import { ReferralRequest } from './entities/referral-request.entity';
import { Referral } from './entities/referral.entity';

export type NewReferral = Pick<
  Referral,
  'vendorId' | 'referralRequestId' | 'channel' | 'token' | 'referrerName' | 'friendName' | 'friendEmail' | 'friendPhone'
>;
export type NewConversion = Pick<
  ReferralConversion,
  'vendorId' | 'referralId' | 'name' | 'email' | 'phone' | 'message' | 'createdAt'
>;

@Injectable()
export class ReferralsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  private get manager() {
    return this.txHost.tx;
  }

  insertRequest(vendorId: number, processId: number): Promise<ReferralRequest> {
    return this.manager.save(ReferralRequest, { vendorId, processId } as ReferralRequest);
  }

  insertReferral(referral: NewReferral): Promise<Referral> {
    return this.manager.save(Referral, referral as Referral);
  }

  insertConversion(conversion: NewConversion): Promise<ReferralConversion> {
    return this.manager.save(ReferralConversion, conversion as ReferralConversion);
  }

  /** Marks the referral request completed by this channel unless an earlier referral already did. */
  async completeRequest(id: number, channel: ReferralChannel): Promise<void> {
    await this.manager
      .createQueryBuilder()
      .update(ReferralRequest)
      .set({ completedAt: () => 'now()', completedChannel: channel })
      .where('id = :id AND completed_at IS NULL', { id })
      .execute();
  }

  findRequestOfProcess(processId: number): Promise<ReferralRequest | null> {
    return this.manager.findOneBy(ReferralRequest, { processId });
  }

  findRequest(id: number): Promise<ReferralRequest | null> {
    return this.manager.findOneBy(ReferralRequest, { id });
  }

  referralsOf(referralRequestId: number): Promise<Referral[]> {
    return this.manager.find(Referral, { where: { referralRequestId }, order: { id: 'ASC' } });
  }

  /**
   * Whether the vendor invited this email or phone within the last `days` days, by any customer. Holds
   * a lock on the address until commit, so two customers inviting the same friend at once are counted
   * one after the other.
   */
  async invitedWithin(vendorId: number, address: string, days: number): Promise<boolean> {
    await this.sql.run({
      sql: 'SELECT pg_advisory_xact_lock($1, hashtext($2))',
      parameters: [LockSpace.FriendInvitations, `${vendorId}:${address}`],
    });
    const rows: { found: boolean }[] = await this.sql.rows({
      sql: `SELECT EXISTS (SELECT 1 FROM referrals
                       WHERE vendor_id = $1 AND coalesce(friend_email, friend_phone) = $2
                         AND created_at > now() - make_interval(days => $3)) AS found`,
      parameters: [vendorId, address, days],
    });
    return rows[0].found;
  }

  /** The referral behind a friend's link; `lock` holds it for the rest of the transaction. */
  findReferral(token: string, { lock }: { lock: boolean }): Promise<Referral | null> {
    return this.manager.findOne(Referral, {
      where: { token },
      ...(lock ? { lock: { mode: 'pessimistic_write' } } : {}),
    });
  }

  /** The referral's conversions made after `since` (idx_referral_conversions_referral). */
  conversionsSince(referralId: number, since: Date): Promise<number> {
    return this.manager.countBy(ReferralConversion, { referralId, createdAt: MoreThan(since) });
  }

  /** Whether the referral has a conversion from this email or phone; from anyone when contact is null. */
  async conversionExists(referralId: number, contact: Contact | null): Promise<boolean> {
    const rows: { found: boolean }[] = await this.sql.rows({
      sql: `SELECT EXISTS (SELECT 1 FROM referral_conversions
                       WHERE referral_id = $1 AND ($2 OR email = $3 OR phone = $4)) AS found`,
      parameters: [referralId, contact === null, contact?.email ?? null, contact?.phone ?? null],
    });
    return rows[0].found;
  }
}
