import { Injectable } from '@nestjs/common';
import { ERASED, type ErasedValues, redactText } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { type ExpiredBatch, expiredBatchOf } from '../common/privacy/retention-walk';
import { Sql } from '../database/sql';
import { REFERRAL_RECORD_SQL } from './referral-customer-records.sql';

// The customer-data module names the records through the provider.
export type { ConversionRecord, ReferralRecord, ReferralRequestRecord } from './referral-customer-records.sql';

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
      await this.sql.rows(
        REFERRAL_RECORD_SQL.requestsOfProcesses.bind({ processIds: finding.ids('reputationProcesses') }),
      ),
    );
    // The friends they referred: the friend's contacts are someone else's, the referrer's name theirs.
    const made = await this.sql.rows(
      REFERRAL_RECORD_SQL.referralsOfRequests.bind({ requestIds: finding.ids('referralRequests') }),
    );
    finding.add('referralsMade', made, { values: made.map((r) => r.referrerName) });
    // The referrals that invited this person, by e-mail or text (idx_referrals_friend_email / _phone),
    // and those a retention pass seeded by id.
    const received = await this.sql.rows(
      REFERRAL_RECORD_SQL.referralsReceived.bind({
        emails: finding.emails,
        phones: finding.phones,
        ids: finding.ids('referralsReceived'),
      }),
    );
    finding.add('referralsReceived', received, {
      contacts: received.map((r) => ({ email: r.friendEmail, phone: r.friendPhone })),
      values: received.flatMap((r) => [r.friendName, r.friendEmail, r.friendPhone]),
    });
    // The contact requests this person sent from a friend's page (idx_referral_conversions_email / _phone).
    const conversions = await this.sql.rows(
      REFERRAL_RECORD_SQL.conversionsOf.bind({ emails: finding.emails, phones: finding.phones }),
    );
    finding.add('referralConversions', conversions, {
      contacts: conversions,
      values: conversions.flatMap((c) => [c.name, c.email, c.phone, c.message]),
    });
    // The friends' requests their referrals brought: nothing of them is the person's but where their words name them.
    finding.add(
      'referredConversions',
      await this.sql.rows(
        REFERRAL_RECORD_SQL.conversionsOfReferrals.bind({ referralIds: finding.ids('referralsMade') }),
      ),
    );
  }

  /**
   * Up to `limit` e-mail and text invitations after `afterId`, sent before `cutoff`, that the friend
   * never answered (no contact request from their page) and whose details are still held: what
   * `RETENTION_REFERRAL_INVITES_DAYS` erases. The walk ends at the first invitation sent after the cutoff.
   */
  async unansweredInvitationsBefore(cutoff: Date, afterId: number, limit: number): Promise<ExpiredBatch> {
    const rows = await this.sql.rows(REFERRAL_RECORD_SQL.unansweredInvitationsBefore.bind({ cutoff, afterId, limit }));
    return expiredBatchOf(rows, limit);
  }

  /**
   * In the caller's transaction: the person's referrals (made, whose pages name them, or received, which
   * lose the friend's details) answer 410 from now on; their contact requests lose name, contacts and
   * message.
   */
  async erase({ finding, values }: Erasure): Promise<ErasedCounts> {
    const { rowCount: referrals } = await this.sql.run(
      REFERRAL_RECORD_SQL.eraseReferrals.bind({
        ids: [...finding.ids('referralsMade'), ...finding.ids('referralsReceived')],
      }),
    );
    const { rowCount: conversions } = await this.sql.run(
      REFERRAL_RECORD_SQL.eraseConversions.bind({ ids: finding.ids('referralConversions'), erased: ERASED }),
    );
    return { referrals, referralConversions: conversions + (await this.eraseNamesIn(finding, values)) };
  }

  /** The person's values removed from the friends' words (the rest of them kept); answers how many changed. */
  private async eraseNamesIn(finding: PersonFinding, values: ErasedValues): Promise<number> {
    const ids = finding.ids('referredConversions');
    if (ids.length === 0) return 0;
    const requests = await this.sql.rows(REFERRAL_RECORD_SQL.lockMessages.bind({ ids }));
    let changed = 0;
    for (const request of requests) {
      const message = redactText(request.message ?? '', values);
      if (!message.changed) continue;
      await this.sql.run(REFERRAL_RECORD_SQL.rewriteMessage.bind({ id: request.id, message: message.value }));
      changed += 1;
    }
    return changed;
  }
}
