import { Injectable } from '@nestjs/common';
import { type CustomerContact, ERASED } from '../common/privacy/customer-contact';
import { Sql } from '../database/sql';

export interface ReferralRequestRecord {
  id: number;
  processId: number;
  createdAt: Date;
  completedAt: Date | null;
  completedChannel: string | null;
}
export interface ReferralRecord {
  id: number;
  vendorId: number;
  referralRequestId: number;
  channel: string;
  friendName: string | null;
  friendEmail: string | null;
  friendPhone: string | null;
  /** The referrer's name as they gave it on the invitation form. */
  referrerName: string | null;
  createdAt: Date;
}
export interface ConversionRecord {
  id: number;
  vendorId: number;
  referralId: number;
  name: string;
  email: string | null;
  phone: string | null;
  message: string | null;
  createdAt: Date;
}

const REFERRAL_COLUMNS = `id, vendor_id AS "vendorId", referral_request_id AS "referralRequestId", channel,
  friend_name AS "friendName", friend_email AS "friendEmail", friend_phone AS "friendPhone", referrer_name AS "referrerName", created_at AS "createdAt"`;
const CONVERSION_COLUMNS = `id, vendor_id AS "vendorId", referral_id AS "referralId", name, email, phone, message,
  created_at AS "createdAt"`;

/**
 * The referrals' part of a person's data rights (docs/contract.md#data-rights): the referral requests and referrals
 * of their processes, and the referrals and contact requests where they were the friend.
 */
@Injectable()
export class ReferralCustomerRecords {
  constructor(private readonly sql: Sql) {}

  requestsOf(processIds: number[]): Promise<ReferralRequestRecord[]> {
    return this.sql.rows({
      sql: `SELECT id, process_id AS "processId", created_at AS "createdAt", completed_at AS "completedAt",
              completed_channel AS "completedChannel"
         FROM referral_requests WHERE process_id = ANY($1::bigint[]) ORDER BY id`,
      parameters: [processIds],
    });
  }

  referralsOf(referralRequestIds: number[]): Promise<ReferralRecord[]> {
    return this.sql.rows({
      sql: `SELECT ${REFERRAL_COLUMNS} FROM referrals WHERE referral_request_id = ANY($1::bigint[]) ORDER BY id`,
      parameters: [referralRequestIds],
    });
  }

  /** The referrals that invited this person, by e-mail or text (idx_referrals_friend_email / _phone). */
  asFriend({ email, phone }: CustomerContact): Promise<ReferralRecord[]> {
    return this.sql.rows({
      sql: `SELECT ${REFERRAL_COLUMNS} FROM referrals WHERE friend_email = $1
       UNION SELECT ${REFERRAL_COLUMNS} FROM referrals WHERE friend_phone = $2::text ORDER BY id`,
      parameters: [email, phone],
    });
  }

  /** The contact requests this person sent from a friend's page (idx_referral_conversions_email / _phone). */
  conversionsBy({ email, phone }: CustomerContact): Promise<ConversionRecord[]> {
    return this.sql.rows({
      sql: `SELECT ${CONVERSION_COLUMNS} FROM referral_conversions WHERE email = $1
       UNION SELECT ${CONVERSION_COLUMNS} FROM referral_conversions WHERE phone = $2::text ORDER BY id`,
      parameters: [email, phone],
    });
  }

  /**
   * In the caller's transaction: the person's referrals (made, whose pages name them, or received, which
   * lose the friend's details) answer 410 from now on; their contact requests lose name, contacts and
   * message. Answers how many referrals and contact requests were erased.
   */
  async erase(referralIds: number[], conversionIds: number[]): Promise<{ referrals: number; conversions: number }> {
    const { rowCount: referrals } = await this.sql.run({
      sql: `UPDATE referrals SET friend_name = NULL, friend_email = NULL, friend_phone = NULL, referrer_name = NULL, erased_at = now()
        WHERE id = ANY($1::bigint[])`,
      parameters: [referralIds],
    });
    const { rowCount: conversions } = await this.sql.run({
      sql: `UPDATE referral_conversions SET name = $2::text, email = NULL, phone = NULL, message = NULL WHERE id = ANY($1::bigint[])`,
      parameters: [conversionIds, ERASED],
    });
    return { referrals, conversions };
  }
}
