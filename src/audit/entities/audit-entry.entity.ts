import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Who made a change: a manager through the API, a vendor (its own API keys), or the operator's command line. */
export const AUDIT_ACTOR_TYPES = ['manager', 'vendor', 'cli'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/**
 * One change made through the manager API, a token issued by the CLI, or an API key created, rolled or
 * revoked (docs/contract.md#data-rights), written in the transaction of the change. Append-only: triggers
 * refuse UPDATE and TRUNCATE always, and DELETE of any entry not older than the cutoff the retention pass
 * sets in `app.audit_retention` (AuditRetentionDeleteOnly migration). `tx_id` orders the
 * feed as the events' does, so an entry that commits late never lands behind a reader's cursor.
 */
@Entity('audit_log')
@Index('idx_audit_log_feed', ['txId', 'id'])
@Index('idx_audit_log_vendor_feed', ['vendorId', 'txId', 'id'])
@Index('idx_audit_log_at', ['at'])
export class AuditEntry {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: string;

  @Column({ type: 'bigint' })
  txId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  at: Date;

  @Column({ type: 'varchar', length: 16 })
  actorType: AuditActorType;

  /** The manager's or vendor's id; null for the CLI. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  actorId: string | null;

  /** The route (`PATCH /vendors/{vendorId}/features`) or the CLI command (`cli vendor-token`). */
  @Column({ type: 'varchar', length: 200 })
  action: string;

  @Column({ type: 'varchar', length: 40 })
  targetType: string;

  /** The target's id; for a customer's contact, its keyed hash (never the contact). */
  @Column({ type: 'varchar', length: 128, nullable: true })
  targetId: string | null;

  /** The vendor the change concerns, for the `vendorId` filter; null when none. */
  @Column({ type: 'integer', nullable: true })
  vendorId: number | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  requestId: string | null;

  /** The names of the fields the change set: never their values. */
  @Column({ type: 'varchar', length: 100, array: true })
  fields: string[];
}
