import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import { type WalkedBatch, walkedBatchOf } from '../database/retention-walk';
import { Sql } from '../database/sql';
import type { NotificationPurpose } from './notification.types';

/** A message as a person's export shows it. */
export interface MessageRecord {
  id: number;
  vendorId: number;
  purpose: NotificationPurpose;
  channel: string;
  recipient: string;
  subject: string | null;
  text: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
  lastAttemptAt: Date | null;
}

/** The requests a person's messages were sent for, by purpose. */
export type MessageSubjects = Partial<Record<NotificationPurpose, number[]>>;

/**
 * The outbox's part of a person's data rights and of retention (docs/contract.md#data-rights): the messages sent to
 * their contacts, and those sent for their requests (a friend's invitation names the customer).
 */
@Injectable()
export class NotificationCustomerRecords {
  constructor(private readonly sql: Sql) {}

  /** By recipient (idx_notification_outbox_recipient) and by subject (uq_notification_outbox_subject_channel). */
  find(recipients: string[], subjects: MessageSubjects): Promise<MessageRecord[]> {
    const purposes = Object.keys(subjects);
    const ids = purposes.map((purpose) => subjects[purpose as NotificationPurpose]!.join(','));
    return this.sql.rows({
      sql: `SELECT id, vendor_id AS "vendorId", purpose, channel, recipient, subject, text, status, created_at AS "createdAt",
              sent_at AS "sentAt", last_attempt_at AS "lastAttemptAt"
         FROM notification_outbox WHERE recipient = ANY($1::varchar[])
       UNION
       SELECT id, vendor_id, purpose, channel, recipient, subject, text, status, created_at, sent_at, last_attempt_at
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
  async erase(ids: number[]): Promise<number> {
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
      sql: `UPDATE notification_outbox SET recipient = $2::text, subject = NULL, text = $2::text, html = NULL
        WHERE id = ANY($1::bigint[])`,
      parameters: [ids, ERASED],
    });
    return withdrawn + erased;
  }

  /**
   * Retention: blanks the bodies of the delivered or failed messages among the next `limit` after the
   * message `afterId` that were created before `cutoff` (the pass walks the primary key forward, and
   * stops at the first batch that reaches the cutoff: ids grow with time). Answers where it got to.
   */
  async blankBodiesBefore(cutoff: Date, afterId: number, limit: number): Promise<WalkedBatch> {
    const rows: { id: number; old: boolean; young: boolean }[] = await this.sql.rows({
      sql: `WITH batch AS (
         SELECT id, created_at < $2 AND status <> 'PENDING' AND text <> $4::text AS old, created_at >= $2 AS young
           FROM notification_outbox WHERE id > $1 ORDER BY id LIMIT $3),
       blanked AS (
         UPDATE notification_outbox o SET text = $4::text, html = NULL FROM batch WHERE o.id = batch.id AND batch.old RETURNING o.id)
       SELECT id, old, young FROM batch ORDER BY id`,
      parameters: [afterId, cutoff, limit, ERASED],
    });
    return walkedBatchOf(rows, limit);
  }
}
