import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { TokenType } from '../../auth/principal';

/**
 * A receiver registered by an account: a vendor's hears that vendor's events, a manager's hears every
 * vendor's. `previous_secret` still signs until `previous_secret_expires_at` (24 hours after a rotation).
 */
@Entity('webhook_endpoints')
@Index('idx_webhook_endpoints_account', ['accountType', 'accountId'])
// The paused endpoints, for the metrics scrape (partial, with INCLUDE): hand-written in the MetricsAndTraces migration.
@Index('idx_webhook_endpoints_paused', { synchronize: false })
export class WebhookEndpoint {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ type: 'varchar', length: 8 })
  accountType: TokenType;

  @Column({ type: 'integer' })
  accountId: number;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** Event types, or `*` for all. */
  @Column({ type: 'text', array: true })
  events: string[];

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'varchar', length: 500, nullable: true })
  disabledReason: string | null;

  /** Sealed with SECRETS_KEY (WebhookSecrets), never in the clear. */
  @Column({ type: 'varchar', length: 200 })
  secret: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  previousSecret: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null;

  /** Failed attempts since the last success; reaching WEBHOOK_DISABLE_AFTER_FAILURES disables the endpoint. */
  @Column({ type: 'integer', default: 0 })
  consecutiveFailures: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
