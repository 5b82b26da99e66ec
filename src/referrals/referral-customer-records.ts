import { Injectable } from '@nestjs/common';
import { ERASED, type ErasedValues, redactText } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { type ExpiredBatch, expiredBatchOf } from '../database/retention-walk';
import { Sql } from '../database/sql';
import { REFERRAL_RECORDS_SQL } from './referrals.sql';

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
@CustomerDataProvider()
export class ReferralCustomerRecords implements CustomerDataProvider {
  readonly tables = ['referral_requests', 'referrals', 'referral_conversions'];

  constructor(private readonly sql: Sql) {}

  async find(finding: PersonFinding): Promise<void> {
    finding.add(
      'referralRequests',
      await this.sql.rows<ReferralRequestRecord>({
        sql: `SELECT id, process_id AS "processId", created_at AS "createdAt", completed_at AS "completedAt",
              completed_channel AS "completedChannel"
         FROM referral_requests WHERE process_id = ANY($1::bigint[]) ORDER BY id`,
        parameters: [finding.ids('reputationProcesses')],
      }),
    );
    // The friends they referred: the friend's contacts are someone else's, the referrer's name theirs.
    const made = await this.sql.rows<ReferralRecord>({
      sql: `SELECT ${REFERRAL_COLUMNS} FROM referrals WHERE referral_request_id = ANY($1::bigint[]) ORDER BY id`,
      parameters: [finding.ids('referralRequests')],
    });
    finding.add('referralsMade', made, { values: made.map((r) => r.referrerName) });
    // The referrals that invited this person, by e-mail or text (idx_referrals_friend_email / _phone),
    // and those a retention pass seeded by id.
    const received = await this.sql.rows<ReferralRecord>({
      sql: `SELECT ${REFERRAL_COLUMNS} FROM referrals WHERE friend_email = ANY($1::text[])
       UNION SELECT ${REFERRAL_COLUMNS} FROM referrals WHERE friend_phone = ANY($2::text[])
       UNION SELECT ${REFERRAL_COLUMNS} FROM referrals WHERE id = ANY($3::bigint[]) ORDER BY id`,
      parameters: [finding.emails, finding.phones, finding.ids('referralsReceived')],
    });
    finding.add('referralsReceived', received, {
      contacts: received.map((r) => ({ email: r.friendEmail, phone: r.friendPhone })),
      values: received.flatMap((r) => [r.friendName, r.friendEmail, r.friendPhone]),
    });
    // The contact requests this person sent from a friend's page (idx_referral_conversions_email / _phone).
    const conversions = await this.sql.rows<ConversionRecord>({
      sql: `SELECT ${CONVERSION_COLUMNS} FROM referral_conversions WHERE email = ANY($1::text[])
       UNION SELECT ${CONVERSION_COLUMNS} FROM referral_conversions WHERE phone = ANY($2::text[]) ORDER BY id`,
      parameters: [finding.emails, finding.phones],
    });
    finding.add('referralConversions', conversions, {
      contacts: conversions,
      values: conversions.flatMap((c) => [c.name, c.email, c.phone, c.message]),
    });
    // The friends' requests their referrals brought: nothing of them is the person's but where their words name them.
    finding.add(
      'referredConversions',
      await this.sql.rows<ConversionRecord>(
        REFERRAL_RECORDS_SQL.referredConversions.bind({ referralIds: finding.ids('referralsMade') }),
      ),
    );
  }

  /**
   * Up to `limit` e-mail and text invitations after `afterId`, sent before `cutoff`, that the friend
   * never answered (no contact request from their page) and whose details are still held: what
   * `RETENTION_REFERRAL_INVITES_DAYS` erases. The walk ends at the first invitation sent after the cutoff.
   */
  async unansweredInvitationsBefore(cutoff: Date, afterId: number, limit: number): Promise<ExpiredBatch> {
    const rows = await this.sql.rows<{ id: number; expired: boolean }>({
      sql: `SELECT r.id, r.channel <> 'SHARE' AND r.erased_at IS NULL
                     AND NOT EXISTS (SELECT 1 FROM referral_conversions c WHERE c.referral_id = r.id) AS expired
              FROM referrals r
             WHERE r.id > $2 AND r.created_at < $1
             ORDER BY r.id LIMIT $3`,
      parameters: [cutoff, afterId, limit],
    });
    return expiredBatchOf(rows, limit);
  }

  /**
   * In the caller's transaction: the person's referrals (made, whose pages name them, or received, which
   * lose the friend's details) answer 410 from now on; their contact requests lose name, contacts and
   * message.
   */
  async erase({ finding, values }: Erasure): Promise<ErasedCounts> {
    const { rowCount: referrals } = await this.sql.run({
      sql: `UPDATE referrals SET friend_name = NULL, friend_email = NULL, friend_phone = NULL, referrer_name = NULL, erased_at = now()
        WHERE id = ANY($1::bigint[])`,
      parameters: [[...finding.ids('referralsMade'), ...finding.ids('referralsReceived')]],
    });
    const { rowCount: conversions } = await this.sql.run({
      sql: `UPDATE referral_conversions SET name = $2::text, email = NULL, phone = NULL, message = NULL WHERE id = ANY($1::bigint[])`,
      parameters: [finding.ids('referralConversions'), ERASED],
    });
    return { referrals, referralConversions: conversions + (await this.eraseNamesIn(finding, values)) };
  }

  /** The person's values removed from the friends' words (the rest of them kept); answers how many changed. */
  private async eraseNamesIn(finding: PersonFinding, values: ErasedValues): Promise<number> {
    const ids = finding.ids('referredConversions');
    if (ids.length === 0) return 0;
    const requests = await this.sql.rows<{ id: number; message: string | null }>({
      sql: `SELECT id, message FROM referral_conversions WHERE id = ANY($1::bigint[]) FOR UPDATE`,
      parameters: [ids],
    });
    let changed = 0;
    for (const request of requests) {
      const message = redactText(request.message ?? '', values);
      if (!message.changed) continue;
      await this.sql.run({
        sql: `UPDATE referral_conversions SET message = $2 WHERE id = $1`,
        parameters: [request.id, message.value],
      });
      changed += 1;
    }
    return changed;
  }
}
