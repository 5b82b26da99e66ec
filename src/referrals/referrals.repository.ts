import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { MoreThan } from 'typeorm';
import { LockSpace, lockTextUntilCommit } from '../database/advisory-locks';
import { Sql } from '../database/sql';
import type { Contact } from '../reputation/contact';
import type { ReferralChannel } from '../reputation/entities/reputation-event.entity';
import { ReferralConversion } from './entities/referral-conversion.entity';
import { ReferralRequest } from './entities/referral-request.entity';
import { Referral } from './entities/referral.entity';
import { REFERRAL_SQL } from './referrals.sql';

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
    await this.sql.run(REFERRAL_SQL.completeRequest.bind({ id, channel }));
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
    await lockTextUntilCommit(this.sql, LockSpace.FriendInvitations, `${vendorId}:${address}`);
    const [{ found }] = await this.sql.rows(REFERRAL_SQL.invitedWithin.bind({ vendorId, address, days }));
    return found;
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
    const [{ found }] = await this.sql.rows(
      REFERRAL_SQL.conversionExists.bind({
        referralId,
        anyone: contact === null,
        email: contact?.email ?? null,
        phone: contact?.phone ?? null,
      }),
    );
    return found;
  }
}
