import { changeCountSql } from '../database/database.sql';
import { NamedSql } from '../database/named-sql';
import type { Statement } from '../database/statement';
import type { OutgoingMessage } from './delivery/message-sender';
import type { DeliveryState, OutboxNotification } from './entities/outbox-notification.entity';
import type { WalkedRow } from '../common/privacy/retention-walk';
import type { NotificationPurpose } from './notification.types';
import type { SenderUse } from './sender-pool/choose-sender';

/**
 * A row a worker holds: `attempts` is this claim's number, the fencing token of every update below;
 * `handoverAttempt`, when set, is an earlier attempt that began the hand-over and never reported.
 */
export type ClaimedNotification = OutgoingMessage &
  Pick<OutboxNotification, 'attempts' | 'handoverAttempt' | 'vendorId' | 'purpose' | 'subjectId' | 'traceParent'>;

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

const FAILED_SUBJECTS = new NamedSql<{ subjectIds: string[] }>(
  `SELECT coalesce(array_agg(DISTINCT failed.subject_id), '{}') AS "subjectIds"
     FROM notification_outbox AS failed
    WHERE failed.vendor_id = :vendorId AND failed.purpose = :purpose AND failed.status = 'FAILED'
      AND (SELECT count(*) FROM notification_outbox AS other
            WHERE other.purpose = :purpose AND other.subject_id = failed.subject_id AND other.status <> 'FAILED') = 0`,
  { prepare: true, numbering: ['purpose', 'vendorId'] },
);

/**
 * The vendor's count of changes to which of its referral request messages failed (kept by the
 * MessageFailureChanges triggers): their failed subjects are the same while it is. As text, an int8 only compared.
 */
export const FAILURE_CHANGES = changeCountSql('notification_failure_changes', 'changes');

/**
 * The vendor's subjects whose messages all failed for good (a KPI statement, also run by the
 * benchmark's baseline and bench:kpi): few, found from the vendor's FAILED messages
 * (idx_notification_outbox_vendor_failed), each then looked up by its subject
 * (uq_notification_outbox_subject_channel) for a message that did not fail. The lookup is a scalar
 * subquery, which PostgreSQL keeps correlated: every plan, the prepared statement's generic one and one
 * made on stale statistics included, reads only the subject's rows per failed message. Written as a
 * join or EXISTS, a plan could read every message of the purpose once per message. An int8 array
 * arrives as strings (only scalar int8 is parsed to numbers).
 */
export function failedSubjectsStatement(
  purpose: NotificationPurpose,
  vendorId: number,
): Statement<{ subjectIds: string[] }> {
  return FAILED_SUBJECTS.bind({ purpose, vendorId });
}

/** The claim (:id, :attempts) still holds: its row is still PENDING under this claim's number. */
const HELD_CLAIM = `id = :id AND attempts = :attempts AND status = 'PENDING'`;

/** Of an opt-out `o`: the phone did not ask :vendorId's texts again (START to its number). */
const NOT_ASKED_AGAIN = `NOT EXISTS (SELECT 1 FROM sms_opt_out_lifts l WHERE l.phone = o.phone AND l.vendor_id = :vendorId)`;

export const NOTIFICATION_SQL = {
  /**
   * One message, due :delaySeconds from now, answering where it stands; none (and no row) when its
   * subject already has one on the channel.
   */
  insert: new NamedSql<DeliveryState>(
    `
    INSERT INTO notification_outbox (vendor_id, purpose, subject_id, process_id, channel, sender, recipient, subject,
                                     text, html, unsubscribe_url, from_name, reply_to, message_key, next_attempt_at,
                                     trace_parent, send_after)
    VALUES (:vendorId, :purpose, :subjectId, :processId, :channel, :sender, :recipient, :subject, :text, :html,
            :unsubscribeUrl, :fromName, :replyTo, :messageKey, now() + make_interval(secs => :delaySeconds),
            :traceParent, :sendAfter::timestamptz)
    ON CONFLICT DO NOTHING
    RETURNING channel, status, attempts, last_error_code AS "lastErrorCode", last_error AS "lastError",
              sent_at AS "sentAt", next_attempt_at AS "nextAttemptAt", send_after AS "sendAfter"`,
    { prepare: true },
  ),

  /**
   * Takes up to :limit due messages for one worker in one statement: SKIP LOCKED lets concurrent
   * workers take disjoint rows, and pushing next_attempt_at one lease (:leaseMs) ahead hides them from
   * every other worker after commit, with no transaction or row lock held while they are delivered.
   */
  claimDue: new NamedSql<ClaimedNotification>(
    `
    UPDATE notification_outbox AS n
       SET attempts = n.attempts + 1,
           last_attempt_at = now(),
           next_attempt_at = now() + make_interval(secs => :leaseMs::float8 / 1000)
      FROM (SELECT id FROM notification_outbox
             WHERE status = 'PENDING' AND next_attempt_at <= now()
             ORDER BY next_attempt_at, id
             LIMIT :limit
               FOR UPDATE SKIP LOCKED) AS due
     WHERE n.id = due.id
 RETURNING n.id, n.channel, n.recipient, n.subject, n.text, n.html,
           n.unsubscribe_url AS "unsubscribeUrl", n.message_key AS "messageKey", n.attempts,
           n.from_name AS "fromName", n.reply_to AS "replyTo", n.sender,
           n.handover_attempt AS "handoverAttempt", n.vendor_id AS "vendorId", n.purpose,
           n.subject_id AS "subjectId", n.trace_parent AS "traceParent"`,
    { prepare: true },
  ),

  /**
   * The claim (:id, :attempts) handing its message over, while it holds and its lease runs, under the
   * basis of consent (or exemption) :consentBasis.
   */
  markHandingOver: new NamedSql(
    `
    UPDATE notification_outbox SET handover_attempt = :attempts, consent_basis = :consentBasis
     WHERE ${HELD_CLAIM} AND next_attempt_at > now()`,
    { prepare: true },
  ),

  /**
   * `markHandingOver` for a text leaving from the pool number :sender, which :vendorId now texts
   * :phone from (used at :usedAt). The number stays recorded when the claim no longer holds: the attempt
   * holding it takes that same number.
   */
  markHandingOverFromPool: new NamedSql(
    `
    WITH used AS (
      INSERT INTO sms_sender_pairs (phone, vendor_id, sender, last_used_at) VALUES (:phone, :vendorId, :sender, :usedAt)
      ON CONFLICT (phone, vendor_id) DO UPDATE SET sender = EXCLUDED.sender, last_used_at = EXCLUDED.last_used_at)
    UPDATE notification_outbox SET handover_attempt = :attempts, sender = :sender, consent_basis = :consentBasis
     WHERE ${HELD_CLAIM} AND next_attempt_at > now()`,
    { prepare: true },
  ),

  /**
   * The outcomes of the claim (:id, :attempts), each only while it holds: the attempt has reported, so
   * its hand-over mark goes. Sent; given up with :errorCode and :error; or given up with no attempt
   * left, that claim not counted as one.
   */
  markSent: new NamedSql(
    `
    UPDATE notification_outbox
       SET status = 'SENT', sent_at = now(), last_error_code = NULL, last_error = NULL, handover_attempt = NULL
     WHERE ${HELD_CLAIM}`,
    { prepare: true },
  ),
  /**
   * Whether :vendorId already wrote to :recipient under :basis by a message other than :id, not given up
   * (idx_notification_outbox_recipient): a once-only exemption was used.
   */
  exemptionUsed: new NamedSql<{ used: boolean }>(`
    SELECT EXISTS (SELECT 1 FROM notification_outbox
                    WHERE recipient = :recipient AND vendor_id = :vendorId AND consent_basis = :basis
                      AND id <> :id AND status <> 'FAILED') AS used`),
  markFailed: new NamedSql(`
    UPDATE notification_outbox
       SET status = 'FAILED', last_error_code = :errorCode, last_error = :error, handover_attempt = NULL
     WHERE ${HELD_CLAIM}`),
  markSuppressed: new NamedSql(`
    UPDATE notification_outbox
       SET status = 'SUPPRESSED', last_error_code = 'NO_CONSENT', last_error = :error, handover_attempt = NULL
     WHERE ${HELD_CLAIM}`),
  markExhausted: new NamedSql(`
    UPDATE notification_outbox
       SET status = 'FAILED', attempts = attempts - 1, last_error_code = 'INTERRUPTED', last_error = :error,
           handover_attempt = NULL
     WHERE ${HELD_CLAIM}`),

  /** The claim (:id, :attempts) due again :delayMs from now, with its failure; only while the claim holds. */
  scheduleRetry: new NamedSql(
    `
    UPDATE notification_outbox
       SET last_error_code = :errorCode, last_error = :error, handover_attempt = NULL,
           next_attempt_at = now() + make_interval(secs => :delayMs::float8 / 1000)
     WHERE ${HELD_CLAIM}`,
    { prepare: true },
  ),

  /** Which of :contacts are phones opted out of :vendorId's texts: opted out, and not asked again of that vendor. */
  smsOptedOutAmong: new NamedSql<{ phone: string }>(
    `SELECT o.phone FROM sms_opt_outs o WHERE o.phone = ANY(:contacts::varchar[]) AND ${NOT_ASKED_AGAIN}`,
    { prepare: true },
  ),

  /**
   * In one read, before a text to :phone is queued: whether it is opted out of :vendorId's texts (as
   * `smsOptedOutAmong`), on each row, with every pool number the vendors text it from and when each last
   * did (none: one row, its pair columns null).
   */
  textingTo: new NamedSql<{ optedOut: boolean } & { [Column in keyof SenderUse]: SenderUse[Column] | null }>(
    `SELECT EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.phone = :phone AND ${NOT_ASKED_AGAIN}) AS "optedOut",
            pair.vendor_id AS "vendorId", pair.sender, pair.last_used_at AS "lastUsedAt"
       FROM (VALUES (1)) AS one (n) LEFT JOIN sms_sender_pairs pair ON pair.phone = :phone`,
    { prepare: true },
  ),

  /** START: :phone's texted opt-out (source `sms`) lifted for :vendorId; nothing when it has none. */
  liftSmsOptOut: new NamedSql(
    `INSERT INTO sms_opt_out_lifts (phone, vendor_id)
     SELECT phone, :vendorId FROM sms_opt_outs WHERE phone = :phone AND source = 'sms'
     ON CONFLICT DO NOTHING`,
  ),

  /**
   * Takes :phone's lock for the caller's transaction (until it commits), then reads every pool number
   * the vendors text it from and when each last did: two messages to one phone take their numbers one
   * after the other.
   */
  senderUsesLocked: new NamedSql<SenderUse>(
    `SELECT vendor_id AS "vendorId", sender, last_used_at AS "lastUsedAt" FROM sms_sender_uses_locked(:phone)`,
    { prepare: true },
  ),

  /** :phone's opt-out from :source; a phone already opted out keeps its first source. */
  addSmsOptOut: new NamedSql(
    `INSERT INTO sms_opt_outs (phone, source) VALUES (:phone, :source) ON CONFLICT DO NOTHING`,
  ),

  /**
   * A person's messages: to the :recipients (idx_notification_outbox_recipient), and those sent for
   * their records (uq_notification_outbox_subject_channel): of each of the :purposes, the subjects of
   * the comma-separated ids of the same index in :ids.
   */
  messageRecords: new NamedSql<MessageRecord>(`
    SELECT id, vendor_id AS "vendorId", purpose, subject_id AS "subjectId", channel, recipient, subject, text, status,
           created_at AS "createdAt", sent_at AS "sentAt", last_attempt_at AS "lastAttemptAt", last_error AS "lastError"
      FROM notification_outbox WHERE recipient = ANY(:recipients::varchar[])
    UNION
    SELECT id, vendor_id, purpose, subject_id, channel, recipient, subject, text, status, created_at, sent_at,
           last_attempt_at, last_error
      FROM notification_outbox o
      JOIN unnest(:purposes::notification_purpose[], :ids::text[]) AS s(purpose, ids) USING (purpose)
     WHERE o.subject_id = ANY(string_to_array(s.ids, ',')::bigint[])
    ORDER BY id`),

  /** The pool numbers the phones of the texts :ids were sent from, forgotten. */
  forgetSenderPairsOf: new NamedSql(`
    DELETE FROM sms_sender_pairs WHERE phone IN (
      SELECT recipient FROM notification_outbox WHERE id = ANY(:ids::bigint[]) AND channel = 'SMS')`),

  /** The messages :ids still waiting, deleted (never sent). */
  withdrawPending: new NamedSql(
    `DELETE FROM notification_outbox WHERE id = ANY(:ids::bigint[]) AND status = 'PENDING'`,
  ),

  /** Recipient, subject, bodies and failure text of the messages :ids :erased. */
  eraseMessages: new NamedSql(`
    UPDATE notification_outbox SET recipient = :erased::text, subject = NULL, text = :erased::text, html = NULL,
           last_error = CASE WHEN last_error IS NULL THEN NULL ELSE :erased::text END
    WHERE id = ANY(:ids::bigint[])`),

  /**
   * Retention: the bodies and failure texts :erased of the delivered or failed messages among the
   * next :limit after :afterId created before :cutoff.
   */
  blankBodiesBefore: new NamedSql<WalkedRow>(`
    WITH batch AS (
      SELECT id, created_at < :cutoff AND status <> 'PENDING' AND text <> :erased::text AS old, created_at >= :cutoff AS young
        FROM notification_outbox WHERE id > :afterId ORDER BY id LIMIT :limit),
    blanked AS (
      UPDATE notification_outbox o SET text = :erased::text, html = NULL,
             last_error = CASE WHEN o.last_error IS NULL THEN NULL ELSE :erased::text END
        FROM batch WHERE o.id = batch.id AND batch.old RETURNING o.id)
    SELECT id, old, young FROM batch ORDER BY id`),
};
