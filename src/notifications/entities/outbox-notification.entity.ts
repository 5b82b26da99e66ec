import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Vendor } from '../../vendors/entities/vendor.entity';
import {
  type DeliveryErrorCode,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_PURPOSES,
  NOTIFICATION_STATUSES,
  type NotificationChannel,
  type NotificationPurpose,
  type NotificationStatus,
} from '../notification.types';

/**
 * One message of the transactional outbox: written in the producer's transaction, rendered in full,
 * then delivered by NotificationsWorker. `next_attempt_at` is both the retry time and the lease of a
 * claimed message (a claim pushes it `NOTIFY_LEASE_MS` ahead), see docs/modules/notifications.md.
 */
@Entity('notification_outbox')
// The worker's claim: due PENDING rows, oldest first.
@Index('idx_notification_outbox_due', ['nextAttemptAt', 'id'], { where: `"status" = 'PENDING'` })
// One message per request and channel; messagesOf reads by (purpose, subject_id).
@Index('uq_notification_outbox_subject_channel', ['purpose', 'subjectId', 'channel'], { unique: true })
// A vendor's FAILED messages, for the referral KPIs: partial with INCLUDE, hand-written in the KpiRollups migration.
@Index('idx_notification_outbox_vendor_failed', { synchronize: false })
// Finding one person's records (docs/contract.md#data-rights): hand-written in the CustomerDataRights migration.
@Index('idx_notification_outbox_recipient', { synchronize: false })
// A process's messages, oldest first (GET /reputation-process/{id}/messages).
@Index('idx_notification_outbox_process', ['processId', 'id'], { where: '"process_id" IS NOT NULL' })
export class OutboxNotification {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: number;

  @ManyToOne(() => Vendor, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'vendor_id', foreignKeyConstraintName: 'fk_notification_outbox_vendor' })
  vendor?: Vendor;

  @Column({ type: 'integer' })
  vendorId: number;

  @Column({ type: 'enum', enum: NOTIFICATION_PURPOSES, enumName: 'notification_purpose' })
  purpose: NotificationPurpose;

  @Column({ type: 'bigint' })
  subjectId: number;

  @Column({ type: 'enum', enum: NOTIFICATION_CHANNELS, enumName: 'notification_channel' })
  channel: NotificationChannel;

  /** The reputation process the message is part of; null for a friend's invitation and a vendor's alerts. */
  @Column({ type: 'bigint', nullable: true })
  processId: number | null;

  /** SMS only: the vendor's own sender number (E.164) it leaves from; null for the shared SMS_FROM. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  sender: string | null;

  /** E-mail address, or phone as xxx-xxx-xxxx (sent as E.164). */
  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  /** E-mail subject; null for SMS. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  subject: string | null;

  /** The SMS body, or the e-mail's text part. */
  @Column({ type: 'text' })
  text: string;

  /** The e-mail's HTML part; null for SMS. */
  @Column({ type: 'text', nullable: true })
  html: string | null;

  /** Null for an alert to the vendor's own people: they are not unsubscribed from their leads. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  unsubscribeUrl: string | null;

  /** E-mail only: the sender's display name, "{vendor} via {operator}" (the address is MAIL_FROM's). */
  @Column({ type: 'varchar', length: 300, nullable: true })
  fromName: string | null;

  /** E-mail only: where the customer's reply goes, the vendor's contact e-mail; null for none. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  replyTo: string | null;

  /**
   * Stable across retries: the e-mail's Message-ID and the SMS provider's idempotency token, so a
   * repeat is recognisable downstream. A random UUID rather than the row id: ids repeat across
   * databases (staging, a restored backup) that may share one provider account, where a reused
   * token would swallow a real message.
   */
  @Column({ type: 'uuid' })
  messageKey: string;

  @Column({ type: 'enum', enum: NOTIFICATION_STATUSES, enumName: 'notification_status', default: 'PENDING' })
  status: NotificationStatus;

  /** Claims so far; incremented when a worker takes the message, so it also fences a stale worker. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  /** A text held for the vendor's quiet hours: when they end (the producer's clock); null when not held. */
  @Column({ type: 'timestamptz', nullable: true })
  sendAfter: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  /**
   * The attempt that began handing the message to the provider and has not reported back: written
   * (fenced by the claim) and committed just before the hand-over, cleared with the outcome. Still
   * set when the next worker claims the row, it says the message may have been sent already.
   */
  @Column({ type: 'integer', nullable: true })
  handoverAttempt: number | null;

  /** Why the last attempt failed, as a stable code; null when it did not. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  lastErrorCode: DeliveryErrorCode | null;

  /**
   * The basis of consent it left under (docs/contract.md#consent): `PURCHASE#12` (a ledger line), an
   * exemption (`EXEMPT:QUOTE_REQUESTED`); null when it needs none (a vendor's alert) or has not left.
   */
  @Column({ type: 'varchar', length: 40, nullable: true })
  consentBasis: string | null;

  /** Why the last attempt failed, in words fit for the vendor (a sanitised provider reply at most). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** The W3C traceparent of the request that queued it (tracing on): its delivery's span joins that trace. */
  @Column({ type: 'varchar', length: 55, nullable: true })
  traceParent: string | null;
}

/** Where a message stands, as its request's delivery status shows it. */
export type DeliveryState = Pick<
  OutboxNotification,
  'channel' | 'status' | 'attempts' | 'lastErrorCode' | 'lastError' | 'sentAt' | 'nextAttemptAt' | 'sendAfter'
>;
