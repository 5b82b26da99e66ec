import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export enum IdempotencyState {
  /** The first request runs (or its instance died: another takes over after `lockedUntil`). */
  Running = 'RUNNING',
  /** Its answer is kept: repeats get it back. */
  Done = 'DONE',
}

/** One account's Idempotency-Key and the answer of the request that first used it (docs/contract.md#idempotency). */
@Entity('idempotency_keys')
@Index('idx_idempotency_keys_expires', ['expiresAt'])
export class IdempotencyKey {
  /** `vendor` or `manager`: keys are scoped to the calling account. */
  @PrimaryColumn({ type: 'varchar', length: 8 })
  accountType: string;

  @PrimaryColumn({ type: 'integer' })
  accountId: number;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key: string;

  /** SHA-256 of the method, path with query, and body (multipart: fields and file bytes). */
  @Column({ type: 'char', length: 64 })
  fingerprint: string;

  @Column({ type: 'enum', enum: IdempotencyState, enumName: 'idempotency_state' })
  state: IdempotencyState;

  /** While RUNNING: until when the running request holds the key. */
  @Column({ type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  /** While RUNNING: who holds it; the answer is kept only by its holder (a fencing token). */
  @Column({ type: 'uuid', nullable: true })
  holder: string | null;

  /** The kept answer, once DONE. */
  @Column({ type: 'smallint', nullable: true })
  status: number | null;

  /**
   * The kept answer's JSON text, as sent (a replay answers the same bytes); null once DONE when the
   * answer showed a credential, which is never kept.
   */
  @Column({ type: 'text', nullable: true })
  body: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** 24 hours after the first use: then the key is forgotten (and removed by the cleanup job). */
  @Column({ type: 'timestamptz' })
  expiresAt: Date;
}
