import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import {
  CustomerDataProvider,
  type CustomerRecordKind,
  type Erasure,
  type ErasedCounts,
} from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { type WalkedBatch, walkedBatchOf } from '../common/privacy/retention-walk';
import { Sql } from '../database/sql';
import type { NotificationPurpose } from './notification.types';
import { type MessageRecord, NOTIFICATION_SQL } from './notifications.sql';

// The customer-data module names the record through the provider.
export type { MessageRecord } from './notifications.sql';
import { SmsOptOuts } from './sms-opt-outs';

/**
 * The records each purpose's messages are sent for: a message sent for one of the person's records
 * holds their data even when it went to someone else (a friend's invitation names the customer; a
 * lead's alert to the vendor quotes the job description). An invitation is both the referrer's and the
 * friend's.
 */
const SUBJECT_KINDS: Record<NotificationPurpose, CustomerRecordKind[]> = {
  FEEDBACK_REQUEST: ['feedbackRequests'],
  FEEDBACK_REMINDER: ['feedbackRequests'],
  REVIEW_REQUEST: ['reviewRequests'],
  REVIEW_REMINDER: ['reviewRequests'],
  REFERRAL_REQUEST: ['referralRequests'],
  REFERRAL_INVITATION: ['referralsMade', 'referralsReceived'],
  LEAD_ALERT: ['leads'],
  LEAD_REALERT: ['leads'],
  LEAD_MESSAGE: ['leadMessages'],
};

const REFERRED_LEAD_ALERTS: NotificationPurpose[] = ['LEAD_ALERT', 'LEAD_REALERT'];

/**
 * The outbox's part of a person's data rights and of retention (docs/contract.md#data-rights): the messages sent to
 * their contacts, and those sent for their requests (a friend's invitation names the customer).
 */
@Injectable()
@CustomerDataProvider()
export class NotificationCustomerRecords implements CustomerDataProvider {
  readonly tables = ['notification_outbox', 'sms_opt_outs', 'sms_sender_pairs'];

  constructor(
    private readonly sql: Sql,
    private readonly smsOptOuts: SmsOptOuts,
  ) {}

  async find(finding: PersonFinding): Promise<void> {
    const purposes = Object.keys(SUBJECT_KINDS) as NotificationPurpose[];
    const messages = await this.messages(
      finding.contacts,
      purposes,
      purposes.map((purpose) => SUBJECT_KINDS[purpose].flatMap((kind) => finding.ids(kind)).join(',')),
    );
    finding.add('messages', messages);
    // The vendors' alerts of the friends' leads the person's referrals brought: the friend's, erased as copies.
    const own = new Set(messages.map((message) => Number(message.id)));
    const referred = finding.ids('referredLeads').join(',');
    const alerts = await this.messages([], REFERRED_LEAD_ALERTS, [referred, referred]);
    finding.add(
      'referredMessages',
      alerts.filter((alert) => !own.has(Number(alert.id))),
    );
    // The phones' opt-outs from every vendor's texts.
    const texted = await Promise.all(finding.phones.map((phone) => this.smsOptOuts.of(phone)));
    finding.add(
      'optOuts',
      texted.flatMap((optOut) =>
        optOut
          ? [
              {
                id: optOut.phone,
                vendorId: null,
                contact: optOut.phone,
                source: optOut.source,
                createdAt: optOut.createdAt,
              },
            ]
          : [],
      ),
    );
  }

  /** The messages withdrawn or erased; the phones' opt-outs go when the suppression list takes over. */
  async erase({ finding, suppress }: Erasure): Promise<ErasedCounts> {
    const messages = await this.eraseMessages([...finding.ids('messages'), ...finding.ids('referredMessages')]);
    let optOuts = 0;
    if (suppress) for (const phone of finding.phones) optOuts += await this.smsOptOuts.remove(phone);
    return { messages, optOuts };
  }

  /** By recipient (idx_notification_outbox_recipient) and by subject (uq_notification_outbox_subject_channel). */
  private messages(recipients: string[], purposes: NotificationPurpose[], ids: string[]): Promise<MessageRecord[]> {
    return this.sql.rows(NOTIFICATION_SQL.messageRecords.bind({ recipients, purposes, ids }));
  }

  /**
   * In the caller's transaction: recipient, subject and bodies removed from the messages that left or
   * failed; those still waiting are deleted (never sent, and still counted as the KPIs count a request
   * whose message has not failed). The pool numbers their phones were texted from are forgotten too.
   * Answers how many were erased.
   */
  private async eraseMessages(ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    await this.sql.run(NOTIFICATION_SQL.forgetSenderPairsOf.bind({ ids }));
    const { rowCount: withdrawn } = await this.sql.run(NOTIFICATION_SQL.withdrawPending.bind({ ids }));
    const { rowCount: erased } = await this.sql.run(NOTIFICATION_SQL.eraseMessages.bind({ ids, erased: ERASED }));
    return withdrawn + erased;
  }

  /**
   * Retention: blanks the bodies (and the providers' failure texts) of the delivered or failed
   * messages among the next `limit` after the message `afterId` that were created before `cutoff` (the
   * pass walks the primary key forward, and stops at the first batch that reaches the cutoff: ids grow
   * with time). Answers where it got to.
   */
  async blankBodiesBefore(cutoff: Date, afterId: number, limit: number): Promise<WalkedBatch> {
    const rows = await this.sql.rows(
      NOTIFICATION_SQL.blankBodiesBefore.bind({ cutoff, afterId, limit, erased: ERASED }),
    );
    return walkedBatchOf(rows, limit);
  }
}
