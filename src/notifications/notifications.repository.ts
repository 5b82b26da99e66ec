import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In, IsNull, Not, Raw, type Repository } from 'typeorm';
import { Sql } from '../database/sql';
import type { Statement } from '../database/statement';
import type { DeliveryFailure } from './delivery/delivery-failure';
import type { OutgoingMessage } from './delivery/message-sender';
import { OutboxNotification } from './entities/outbox-notification.entity';
import { type NotificationPurpose, TO_CUSTOMER_PURPOSES, VENDOR_ALERT_PURPOSES } from './notification.types';

/** A message as rendered at enqueue: what a sender gets, and whose it is. */
export type NewOutboxRow = Omit<OutgoingMessage, 'id'> &
  Pick<OutboxNotification, 'vendorId' | 'purpose' | 'subjectId' | 'processId'> & {
    /** Held back this long before its first attempt; due at once when absent. */
    delayMs?: number;
  };

/**
 * A row a worker holds: `attempts` is this claim's number, the fencing token of every update below;
 * `handoverAttempt`, when set, is an earlier attempt that began the hand-over and never reported.
 */
export type ClaimedNotification = OutgoingMessage &
  Pick<OutboxNotification, 'attempts' | 'handoverAttempt' | 'vendorId' | 'purpose' | 'subjectId'>;

/**
 * The vendor's subjects whose messages all failed for good (a KPI statement, also run by the
 * benchmark's baseline and bench:kpi): few, found from the vendor's FAILED messages
 * (idx_notification_outbox_vendor_failed), each then looked up by its subject
 * (uq_notification_outbox_subject_channel) for a message that did not fail. The lookup is a scalar
 * subquery, which PostgreSQL keeps correlated: every plan, the prepared statement's generic one and one
 * made on stale statistics included, reads only the subject's rows per failed message. Written as a
 * join or EXISTS, a plan could read every message of the purpose once per message.
 */
export function failedSubjectsStatement(purpose: NotificationPurpose, vendorId: number): Statement {
  return {
    sql: `SELECT coalesce(array_agg(DISTINCT failed.subject_id), '{}') AS "subjectIds"
            FROM notification_outbox AS failed
           WHERE failed.vendor_id = $2 AND failed.purpose = $1 AND failed.status = 'FAILED'
             AND (SELECT count(*) FROM notification_outbox AS other
                   WHERE other.purpose = $1 AND other.subject_id = failed.subject_id AND other.status <> 'FAILED') = 0`,
    parameters: [purpose, vendorId],
    prepare: true,
  };
}

@Injectable()
export class NotificationsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /** Inserts in the caller's transaction, so the row commits or rolls back with the caller's work. */
  async insert({ delayMs, ...row }: NewOutboxRow): Promise<void> {
    const due = delayMs ? { nextAttemptAt: () => `now() + make_interval(secs => ${Math.round(delayMs / 1000)})` } : {};
    await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(OutboxNotification)
      .values({ ...row, ...due })
      .orIgnore()
      .execute();
  }

  /**
   * Takes up to `limit` due messages for this worker in one statement: SKIP LOCKED lets concurrent
   * workers take disjoint rows, and pushing next_attempt_at one lease ahead hides them from every
   * other worker after commit, with no transaction or row lock held while they are delivered. A
   * worker that dies mid-delivery leaves them to be taken again when the lease runs out.
   */
  claimDue(limit: number, leaseMs: number): Promise<ClaimedNotification[]> {
    return this.sql.rows({
      sql: `UPDATE notification_outbox AS n
               SET attempts = n.attempts + 1,
                   last_attempt_at = now(),
                   next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
              FROM (SELECT id FROM notification_outbox
                     WHERE status = 'PENDING' AND next_attempt_at <= now()
                     ORDER BY next_attempt_at, id
                     LIMIT $1
                       FOR UPDATE SKIP LOCKED) AS due
             WHERE n.id = due.id
         RETURNING n.id, n.channel, n.recipient, n.subject, n.text, n.html,
                   n.unsubscribe_url AS "unsubscribeUrl", n.message_key AS "messageKey", n.attempts,
                   n.from_name AS "fromName", n.reply_to AS "replyTo", n.sender,
                   n.handover_attempt AS "handoverAttempt", n.vendor_id AS "vendorId", n.purpose,
                   n.subject_id AS "subjectId"`,
      parameters: [limit, leaseMs],
    });
  }

  /**
   * Records, committed before the message leaves, that this attempt is handing it over; false when
   * the claim is no longer this worker's or its lease has run out (another worker may take it any
   * moment), and then the message must not be sent.
   */
  async markHandingOver(claim: ClaimedNotification): Promise<boolean> {
    const result = await this.txHost.tx.update(
      OutboxNotification,
      { id: claim.id, attempts: claim.attempts, status: 'PENDING', nextAttemptAt: Raw((at) => `${at} > now()`) },
      { handoverAttempt: claim.attempts },
    );
    return (result.affected ?? 0) > 0;
  }

  /** The number a claimed text leaves from (taken from the pool by its first attempt). */
  async setSender(claim: ClaimedNotification, sender: string | null): Promise<void> {
    await this.txHost.tx.update(OutboxNotification, { id: claim.id, attempts: claim.attempts }, { sender });
  }

  /** Each outcome applies only while this worker still holds the claim (same attempts, still PENDING). */
  markSent(claim: ClaimedNotification): Promise<boolean> {
    return this.finish(claim, { status: 'SENT', sentAt: () => 'now()', lastErrorCode: null, lastError: null });
  }

  markFailed(claim: ClaimedNotification, failure: DeliveryFailure): Promise<boolean> {
    return this.finish(claim, { status: 'FAILED', lastErrorCode: failure.code, lastError: failure.reason });
  }

  /**
   * Fails a message claimed with no attempt left: the worker holding its last attempt died before it
   * could report, after handing the message over or before. This claim is not an attempt, so it is
   * not counted.
   */
  markExhausted(claim: ClaimedNotification, maxAttempts: number): Promise<boolean> {
    const when =
      claim.handoverAttempt === null
        ? 'before it could report.'
        : 'after handing the message over: it may have been sent.';
    return this.finish(claim, {
      status: 'FAILED',
      attempts: claim.attempts - 1,
      lastErrorCode: 'INTERRUPTED',
      lastError: `Gave up: the last of ${maxAttempts} attempts was interrupted ${when}`,
    });
  }

  scheduleRetry(claim: ClaimedNotification, failure: DeliveryFailure, delayMs: number): Promise<boolean> {
    return this.finish(claim, {
      lastErrorCode: failure.code,
      lastError: failure.reason,
      nextAttemptAt: () => `now() + make_interval(secs => ${Math.round(delayMs)}::float8 / 1000)`,
    });
  }

  /** A process's messages, oldest first. */
  ofProcess(processId: number): Promise<OutboxNotification[]> {
    return this.txHost.tx.find(OutboxNotification, { where: { processId }, order: { id: 'ASC' } });
  }

  /**
   * The latest text to a customer that left for this phone from this sender number (with
   * `orUnnamed`, also one that named none: queued before the pool, from the first SMS_FROM number).
   */
  lastTextTo(phone: string, sender: string, orUnnamed: boolean): Promise<OutboxNotification | null> {
    return this.txHost.tx.findOne(OutboxNotification, {
      where: [sender, ...(orUnnamed ? [IsNull()] : [])].map((from) => ({
        recipient: phone,
        channel: 'SMS' as const,
        status: 'SENT' as const,
        sender: from,
        purpose: Not(In(VENDOR_ALERT_PURPOSES)),
      })),
      order: { id: 'DESC' },
    });
  }

  /** Fails, in the caller's transaction, the vendor's messages to these recipients that are still waiting. */
  async failPendingTo(vendorId: number | null, recipients: string[], reason: string): Promise<void> {
    await this.txHost.tx.update(
      OutboxNotification,
      {
        ...(vendorId === null ? {} : { vendorId }),
        recipient: In(recipients),
        status: 'PENDING',
        purpose: In(TO_CUSTOMER_PURPOSES),
      },
      { status: 'FAILED', lastErrorCode: 'WITHDRAWN', lastError: reason },
    );
  }

  /** Gives up the messages of one subject that are not sent yet (the producer no longer needs them). */
  async failPendingOf(purpose: NotificationPurpose, subjectId: number, reason: string): Promise<void> {
    await this.txHost.tx.update(
      OutboxNotification,
      { purpose, subjectId, status: 'PENDING' },
      { status: 'FAILED', lastErrorCode: 'WITHDRAWN', lastError: reason },
    );
  }

  async failPendingAlertsOf(vendorId: number, reason: string): Promise<void> {
    await this.txHost.tx.update(
      OutboxNotification,
      { vendorId, purpose: In([...VENDOR_ALERT_PURPOSES]), status: 'PENDING' },
      { status: 'FAILED', lastErrorCode: 'WITHDRAWN', lastError: reason },
    );
  }

  findOne(id: number): Promise<OutboxNotification> {
    return this.txHost.tx.findOneByOrFail(OutboxNotification, { id });
  }

  findBySubjects(purpose: NotificationPurpose, subjectIds: number[]): Promise<OutboxNotification[]> {
    // In the caller's transaction when there is one: a producer reads back the messages it just queued.
    return this.txHost.tx.find(OutboxNotification, {
      where: { purpose, subjectId: In(subjectIds) },
      order: { subjectId: 'ASC', channel: 'ASC' },
    });
  }

  async failedSubjects(purpose: NotificationPurpose, vendorId: number): Promise<string[]> {
    // An int8 array arrives as strings (only scalar int8 is parsed to numbers).
    const [{ subjectIds }] = await this.sql.rows<{ subjectIds: string[] }>(failedSubjectsStatement(purpose, vendorId));
    return subjectIds;
  }

  /** Writes an outcome: the attempt has reported, so its hand-over mark goes. */
  private async finish(
    claim: ClaimedNotification,
    changes: Parameters<Repository<OutboxNotification>['update']>[1],
  ): Promise<boolean> {
    // In the caller's transaction when there is one: a failure commits with its message.failed event.
    const result = await this.txHost.tx.update(
      OutboxNotification,
      { id: claim.id, attempts: claim.attempts, status: 'PENDING' },
      { ...changes, handoverAttempt: null },
    );
    return (result.affected ?? 0) > 0;
  }
}
