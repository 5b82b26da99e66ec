import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export enum IdempotencyState {
  /**
   * The first request runs, holding the key by a lock of its transaction; when its process died, the
   * key is free and a retry runs.
   */
  Running = 'RUNNING',
  /** Its answer is kept: repeats get it back. */
  Done = 'DONE',
}

/** One account's Idempotency-Key and the answer of the request that first used it (docs/contract.md#idempotency). */
@Entity('idempotency_keys')
@Index('idx_idempotency_keys_expires', ['expiresAt'])
@Index('idx_idempotency_keys_touched_records', { synchronize: false })
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

  /** The kept answer, once DONE. */
  @Column({ type: 'smallint', nullable: true })
  status: number | null;

  /**
   * The kept answer's JSON text, as sent (a replay answers the same bytes); null once DONE when the
   * answer showed a credential, which is never kept.
   */
  @Column({ type: 'text', nullable: true })
  body: string | null;

  /**
   * The customer records the request touched (`kind:id`, `leads:12`), kept with its answer: an erasure
   * finds the answers that show an erased record by them (docs/contract.md#data-rights).
   */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  touchedRecords: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** 24 hours after the first use: then the key is forgotten (and removed by the cleanup job). */
  @Column({ type: 'timestamptz' })
  expiresAt: Date;
}
