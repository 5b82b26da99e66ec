import { NamedSql } from '../database/named-sql';

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

/** The referrals' statements of a person's data rights and of retention (see `ReferralCustomerRecords`). */
export const REFERRAL_RECORD_SQL = {
  /** The referral requests of the processes :processIds. */
  requestsOfProcesses: new NamedSql<ReferralRequestRecord>(`
    SELECT id, process_id AS "processId", created_at AS "createdAt", completed_at AS "completedAt",
           completed_channel AS "completedChannel"
    FROM referral_requests WHERE process_id = ANY(:processIds::bigint[]) ORDER BY id`),

  /** The friends the requests :requestIds referred. */
  referralsOfRequests: new NamedSql<ReferralRecord>(
    `SELECT ${REFERRAL_COLUMNS} FROM referrals WHERE referral_request_id = ANY(:requestIds::bigint[]) ORDER BY id`,
  ),

  /** The referrals that invited the :emails or :phones (idx_referrals_friend_email / _phone), and the referrals :ids. */
  referralsReceived: new NamedSql<ReferralRecord>(`
    SELECT ${REFERRAL_COLUMNS} FROM referrals WHERE friend_email = ANY(:emails::text[])
    UNION SELECT ${REFERRAL_COLUMNS} FROM referrals WHERE friend_phone = ANY(:phones::text[])
    UNION SELECT ${REFERRAL_COLUMNS} FROM referrals WHERE id = ANY(:ids::bigint[]) ORDER BY id`),

  /** The contact requests sent from a friend's page by the :emails or :phones (idx_referral_conversions_email / _phone). */
  conversionsOf: new NamedSql<ConversionRecord>(`
    SELECT ${CONVERSION_COLUMNS} FROM referral_conversions WHERE email = ANY(:emails::text[])
    UNION SELECT ${CONVERSION_COLUMNS} FROM referral_conversions WHERE phone = ANY(:phones::text[]) ORDER BY id`),

  /**
   * The friends' contact requests the referrals :referralIds brought (idx_referral_conversions_referral):
   * the friends', but their words may name the person who referred them.
   */
  conversionsOfReferrals: new NamedSql<ConversionRecord>(
    `SELECT ${CONVERSION_COLUMNS} FROM referral_conversions WHERE referral_id = ANY(:referralIds::bigint[]) ORDER BY id`,
  ),

  /**
   * Up to :limit e-mail and text invitations after :afterId sent before :cutoff, each saying whether the
   * friend never answered it and its details are still held.
   */
  unansweredInvitationsBefore: new NamedSql<{ id: number; expired: boolean }>(`
    SELECT r.id, r.channel <> 'SHARE' AND r.erased_at IS NULL
                 AND NOT EXISTS (SELECT 1 FROM referral_conversions c WHERE c.referral_id = r.id) AS expired
      FROM referrals r
     WHERE r.id > :afterId AND r.created_at < :cutoff
     ORDER BY r.id LIMIT :limit`),

  /** The referrals :ids lose the friend's details and the referrer's name; their pages answer 410. */
  eraseReferrals: new NamedSql(`
    UPDATE referrals SET friend_name = NULL, friend_email = NULL, friend_phone = NULL, referrer_name = NULL, erased_at = now()
    WHERE id = ANY(:ids::bigint[])`),

  /** The contact requests :ids lose name (:erased), contacts and message. */
  eraseConversions: new NamedSql(
    `UPDATE referral_conversions SET name = :erased::text, email = NULL, phone = NULL, message = NULL WHERE id = ANY(:ids::bigint[])`,
  ),

  /** The friends' words on the contact requests :ids, locked for the rest of the transaction. */
  lockMessages: new NamedSql<{ id: number; message: string | null }>(
    `SELECT id, message FROM referral_conversions WHERE id = ANY(:ids::bigint[]) FOR UPDATE`,
  ),

  /** The contact request :id's :message rewritten. */
  rewriteMessage: new NamedSql(`UPDATE referral_conversions SET message = :message WHERE id = :id`),
};
