import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In, IsNull, Not } from 'typeorm';
import { Sql } from '../database/sql';
import { currentTraceParent } from '../common/tracing/tracing';
import type { Statement } from '../database/statement';
import type { DeliveryFailure } from './delivery/delivery-failure';
import type { OutgoingMessage } from './delivery/message-sender';
import type { LeavingMessage } from './sending-consent';
import type { SenderUse } from './sender-pool/choose-sender';
import { type DeliveryState, OutboxNotification } from './entities/outbox-notification.entity';
import { type NotificationPurpose, TO_CUSTOMER_PURPOSES, VENDOR_ALERT_PURPOSES } from './notification.types';
import {
  type ClaimedNotification,
  FAILURE_CHANGES,
  NOTIFICATION_SQL,
  failedSubjectsStatement,
} from './notifications.sql';

/** A message as rendered at enqueue: what a sender gets, and whose it is. */
export type NewOutboxRow = Omit<OutgoingMessage, 'id'> &
  Pick<OutboxNotification, 'vendorId' | 'purpose' | 'subjectId' | 'processId'> & {
    /** Held back this long before its first attempt; due at once when absent. */
    delayMs?: number;
    /** A text held for quiet hours: when they end. */
    sendAfter?: Date | null;
  };

@Injectable()
export class NotificationsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /**
   * Inserts in the caller's transaction, so the row commits or rolls back with the caller's work;
   * answers where the message stands, null when its subject had one on the channel already.
   */
  async insert({ delayMs, sendAfter, ...row }: NewOutboxRow): Promise<DeliveryState | null> {
    const [queued] = await this.sql.rows(
      NOTIFICATION_SQL.insert.bind({
        vendorId: row.vendorId,
        purpose: row.purpose,
        subjectId: row.subjectId,
        processId: row.processId ?? null,
        channel: row.channel,
        sender: row.sender ?? null,
        recipient: row.recipient,
        subject: row.subject ?? null,
        text: row.text,
        html: row.html ?? null,
        unsubscribeUrl: row.unsubscribeUrl ?? null,
        fromName: row.fromName ?? null,
        replyTo: row.replyTo ?? null,
        messageKey: row.messageKey,
        delaySeconds: delayMs ? Math.round(delayMs / 1000) : 0,
        traceParent: currentTraceParent(),
        sendAfter: sendAfter ?? null,
      }),
    );
    return queued ?? null;
  }

  /**
   * Takes up to `limit` due messages for this worker in one statement: SKIP LOCKED lets concurrent
   * workers take disjoint rows, and pushing next_attempt_at one lease ahead hides them from every
   * other worker after commit, with no transaction or row lock held while they are delivered. A
   * worker that dies mid-delivery leaves them to be taken again when the lease runs out.
   */
  claimDue(limit: number, leaseMs: number): Promise<ClaimedNotification[]> {
    return this.sql.rows(NOTIFICATION_SQL.claimDue.bind({ limit, leaseMs }));
  }

  /**
   * Records, committed before the message leaves, that this attempt is handing it over, under the basis
   * of consent it leaves under; false when the claim is no longer this worker's or its lease has run out
   * (another worker may take it any moment), and then the message must not be sent. A text leaving from
   * a pool number (`fromPool`) is marked with it, and the number recorded as its vendor's for the phone.
   */
  markHandingOver(
    claim: ClaimedNotification,
    consentBasis: string | null,
    fromPool?: { sender: string; usedAt: Date },
  ): Promise<boolean> {
    const { id, attempts } = claim;
    return this.whileHeld(
      fromPool
        ? NOTIFICATION_SQL.markHandingOverFromPool.bind({
            id,
            attempts,
            consentBasis,
            phone: claim.recipient,
            vendorId: claim.vendorId,
            ...fromPool,
          })
        : NOTIFICATION_SQL.markHandingOver.bind({ id, attempts, consentBasis }),
    );
  }

  /** Before a text to `phone` is queued: whether it is opted out of the vendor's texts, and its pool numbers' uses. */
  async textingTo(phone: string, vendorId: number): Promise<{ optedOut: boolean; senderUses: SenderUse[] }> {
    const rows = await this.sql.rows(NOTIFICATION_SQL.textingTo.bind({ phone, vendorId }));
    const senderUses = rows.flatMap(({ vendorId: user, sender, lastUsedAt }) =>
      user === null || sender === null || lastUsedAt === null ? [] : [{ vendorId: user, sender, lastUsedAt }],
    );
    return { optedOut: rows[0].optedOut, senderUses };
  }

  /** Each outcome applies only while this worker still holds the claim (same attempts, still PENDING). */
  markSent(claim: ClaimedNotification): Promise<boolean> {
    return this.whileHeld(NOTIFICATION_SQL.markSent.bind({ id: claim.id, attempts: claim.attempts }));
  }

  /** Kept as not sent (SUPPRESSED, not FAILED): no basis of consent was in force when it was to leave. */
  markSuppressed(claim: ClaimedNotification, reason: string): Promise<boolean> {
    return this.whileHeld(
      NOTIFICATION_SQL.markSuppressed.bind({ id: claim.id, attempts: claim.attempts, error: reason }),
    );
  }

  async exemptionUsed(message: LeavingMessage, basis: string): Promise<boolean> {
    const { id, vendorId, recipient } = message;
    const [{ used }] = await this.sql.rows(NOTIFICATION_SQL.exemptionUsed.bind({ id, vendorId, recipient, basis }));
    return used;
  }

  markFailed(claim: ClaimedNotification, failure: DeliveryFailure): Promise<boolean> {
    const { id, attempts } = claim;
    return this.whileHeld(
      NOTIFICATION_SQL.markFailed.bind({ id, attempts, errorCode: failure.code, error: failure.reason }),
    );
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
    const error = `Gave up: the last of ${maxAttempts} attempts was interrupted ${when}`;
    return this.whileHeld(NOTIFICATION_SQL.markExhausted.bind({ id: claim.id, attempts: claim.attempts, error }));
  }

  scheduleRetry(claim: ClaimedNotification, failure: DeliveryFailure, delayMs: number): Promise<boolean> {
    return this.whileHeld(
      NOTIFICATION_SQL.scheduleRetry.bind({
        id: claim.id,
        attempts: claim.attempts,
        errorCode: failure.code,
        error: failure.reason,
        delayMs: Math.round(delayMs),
      }),
    );
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

  async failureChanges(vendorId: number): Promise<string> {
    const [{ changes }] = await this.sql.rows(FAILURE_CHANGES.bind({ vendorId }));
    return changes;
  }

  async failedSubjects(purpose: NotificationPurpose, vendorId: number): Promise<string[]> {
    const [{ subjectIds }] = await this.sql.rows(failedSubjectsStatement(purpose, vendorId));
    return subjectIds;
  }

  /**
   * A write fenced by the claim: whether it still held. In the caller's transaction when there is one (a
   * failure commits with its message.failed event).
   */
  private async whileHeld(statement: Statement): Promise<boolean> {
    const { rowCount } = await this.sql.run(statement);
    return rowCount > 0;
  }
}
