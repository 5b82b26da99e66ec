import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { WebhookEndpoint } from './webhook-endpoint.entity';

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * One event for one endpoint: the webhook outbox. Written in the transaction of the change, with the
 * exact body every attempt sends (so every attempt's signature covers the same bytes). As in the
 * notification outbox, `next_attempt_at` is both the retry time and a claim's lease.
 */
@Entity('webhook_deliveries')
// The worker's claim: each endpoint's due PENDING rows, oldest first.
@Index('idx_webhook_deliveries_due', ['endpointId', 'nextAttemptAt', 'id'], { where: `"status" = 'PENDING'` })
// An endpoint's delivery list, newest first.
@Index('idx_webhook_deliveries_endpoint', ['endpointId', 'id'])
// Finding one person's records (docs/contract.md#data-rights): hand-written in the CustomerDataRights migration.
@Index('idx_webhook_deliveries_event', { synchronize: false })
// Retention: the finished deliveries, oldest first (a backlog of PENDING ones is not in it).
@Index('idx_webhook_deliveries_finished', ['createdAt'], { where: `"status" <> 'PENDING'` })
export class WebhookDelivery {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: string;

  @ManyToOne(() => WebhookEndpoint, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'endpoint_id', foreignKeyConstraintName: 'fk_webhook_deliveries_endpoint' })
  endpoint?: WebhookEndpoint;

  @Column({ type: 'integer' })
  endpointId: number;

  /** The event's public id, sent as `webhook-id` on every attempt. */
  @Column({ type: 'varchar', length: 64 })
  eventId: string;

  @Column({ type: 'varchar', length: 40 })
  eventType: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'enum', enum: WEBHOOK_DELIVERY_STATUSES, enumName: 'webhook_delivery_status', default: 'PENDING' })
  status: WebhookDeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'smallint', nullable: true })
  lastStatusCode: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  /** At most 1 KB of the receiver's last answer. */
  @Column({ type: 'varchar', length: 1024, nullable: true })
  lastResponse: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;

  /** The W3C traceparent of what published the event (tracing on): its delivery's span joins that trace. */
  @Column({ type: 'varchar', length: 55, nullable: true })
  traceParent: string | null;
}
