import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import {
  CustomerDataProvider,
  type CustomerRecordKind,
  type Erasure,
  type ErasedCounts,
} from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { type WalkedBatch, walkedBatchOf } from '../database/retention-walk';
import { Sql } from '../database/sql';
import type { NotificationPurpose } from './notification.types';
import { SmsOptOuts } from './sms-opt-outs';

/** A message as a person's export shows it. */
export interface MessageRecord {
  id: number;
  vendorId: number;
  purpose: NotificationPurpose;
  /** The record it was sent for (a feedback request, a lead...), by purpose. */
  subjectId: number;
  channel: string;
  recipient: string;
  subject: string | null;
  text: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
}

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
    return this.sql.rows({
      sql: `SELECT id, vendor_id AS "vendorId", purpose, subject_id AS "subjectId", channel, recipient, subject, text, status, created_at AS "createdAt",
              sent_at AS "sentAt", last_attempt_at AS "lastAttemptAt", last_error AS "lastError"
         FROM notification_outbox WHERE recipient = ANY($1::varchar[])
       UNION
       SELECT id, vendor_id, purpose, subject_id, channel, recipient, subject, text, status, created_at, sent_at, last_attempt_at, last_error
         FROM notification_outbox o
         JOIN unnest($2::notification_purpose[], $3::text[]) AS s(purpose, ids) USING (purpose)
        WHERE o.subject_id = ANY(string_to_array(s.ids, ',')::bigint[])
       ORDER BY id`,
      parameters: [recipients, purposes, ids],
    });
  }

  /**
   * In the caller's transaction: recipient, subject and bodies removed from the messages that left or
   * failed; those still waiting are deleted (never sent, and still counted as the KPIs count a request
   * whose message has not failed). The pool numbers their phones were texted from are forgotten too.
   * Answers how many were erased.
   */
  private async eraseMessages(ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    await this.sql.run({
      sql: `DELETE FROM sms_sender_pairs WHERE phone IN (
              SELECT recipient FROM notification_outbox WHERE id = ANY($1::bigint[]) AND channel = 'SMS')`,
      parameters: [ids],
    });
    const { rowCount: withdrawn } = await this.sql.run({
      sql: `DELETE FROM notification_outbox WHERE id = ANY($1::bigint[]) AND status = 'PENDING'`,
      parameters: [ids],
    });
    const { rowCount: erased } = await this.sql.run({
      sql: `UPDATE notification_outbox SET recipient = $2::text, subject = NULL, text = $2::text, html = NULL,
          last_error = CASE WHEN last_error IS NULL THEN NULL ELSE $2::text END
        WHERE id = ANY($1::bigint[])`,
      parameters: [ids, ERASED],
    });
    return withdrawn + erased;
  }

  /**
   * Retention: blanks the bodies (and the providers' failure texts) of the delivered or failed
   * messages among the next `limit` after the message `afterId` that were created before `cutoff` (the
   * pass walks the primary key forward, and stops at the first batch that reaches the cutoff: ids grow
   * with time). Answers where it got to.
   */
  async blankBodiesBefore(cutoff: Date, afterId: number, limit: number): Promise<WalkedBatch> {
    const rows: { id: number; old: boolean; young: boolean }[] = await this.sql.rows({
      sql: `WITH batch AS (
         SELECT id, created_at < $2 AND status <> 'PENDING' AND text <> $4::text AS old, created_at >= $2 AS young
           FROM notification_outbox WHERE id > $1 ORDER BY id LIMIT $3),
       blanked AS (
         UPDATE notification_outbox o SET text = $4::text, html = NULL,
             last_error = CASE WHEN o.last_error IS NULL THEN NULL ELSE $4::text END
           FROM batch WHERE o.id = batch.id AND batch.old RETURNING o.id)
       SELECT id, old, young FROM batch ORDER BY id`,
      parameters: [afterId, cutoff, limit, ERASED],
    });
    return walkedBatchOf(rows, limit);
  }
}
