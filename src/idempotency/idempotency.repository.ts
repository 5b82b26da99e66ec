import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { LockSpace } from '../database/advisory-locks';
import { Sql } from '../database/sql';
import { IdempotencyKey, IdempotencyState } from './entities/idempotency-key.entity';

/** Whose key: the calling account and the key it sent. */
export interface KeyScope {
  accountType: string;
  accountId: number;
  key: string;
}

export interface Claim {
  fingerprint: string;
  now: Date;
  expiresAt: Date;
}

const PK = 'account_type = $1 AND account_id = $2 AND key = $3';
const scopeOf = ({ accountType, accountId, key }: KeyScope): unknown[] => [accountType, accountId, key];

@Injectable()
export class IdempotencyRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  /**
   * Records the key as used for this request when it is free (never used, or expired), so that a
   * request reusing it for another while this one runs is told at once. Committed on its own.
   */
  async claim(scope: KeyScope, claim: Claim): Promise<void> {
    await this.sql.run({
      sql: `INSERT INTO idempotency_keys (account_type, account_id, key, fingerprint, state, created_at, expires_at)
       VALUES ($1, $2, $3, $4, 'RUNNING', $5, $6)
       ON CONFLICT (account_type, account_id, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, state = 'RUNNING', status = NULL, body = NULL,
              created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
        WHERE idempotency_keys.expires_at <= $5`,
      parameters: [...scopeOf(scope), claim.fingerprint, claim.now, claim.expiresAt],
    });
  }

  /**
   * The hold of a request on its key, in the caller's transaction: false when another request holds
   * it. PostgreSQL ends it with the transaction, and with the connection when its process dies.
   * Read the key only after it is held: a statement's snapshot is taken before its lock is granted.
   */
  async hold(scope: KeyScope): Promise<boolean> {
    const [{ held }] = await this.sql.rows<{ held: boolean }>({
      sql: `SELECT pg_try_advisory_xact_lock($4, hashtext($1 || ':' || $2 || ':' || $3)) AS held`,
      parameters: [...scopeOf(scope), LockSpace.IdempotencyKey],
    });
    return held;
  }

  find(scope: KeyScope): Promise<IdempotencyKey | null> {
    return this.txHost.tx.findOneBy(IdempotencyKey, scope);
  }

  /**
   * Keeps the answer (the JSON text sent, or null for one that showed a credential) of the request
   * holding the key, unless another request's answer is kept already.
   */
  async keep(scope: KeyScope, claim: Claim, status: number, body: string | null): Promise<void> {
    await this.sql.run({
      sql: `INSERT INTO idempotency_keys
              (account_type, account_id, key, fingerprint, state, status, body, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (account_type, account_id, key) DO UPDATE
          SET state = EXCLUDED.state, status = EXCLUDED.status, body = EXCLUDED.body
        WHERE idempotency_keys.state = 'RUNNING' AND idempotency_keys.fingerprint = EXCLUDED.fingerprint`,
      parameters: [
        ...scopeOf(scope),
        claim.fingerprint,
        IdempotencyState.Done,
        status,
        body,
        claim.now,
        claim.expiresAt,
      ],
    });
  }

  /** Frees a key no request answered (the request failed with a 5xx: it may be retried). */
  async release(scope: KeyScope): Promise<void> {
    await this.sql.run({
      sql: `DELETE FROM idempotency_keys WHERE ${PK} AND state = 'RUNNING'`,
      parameters: scopeOf(scope),
    });
  }

  /** Removes up to `limit` expired keys; answers how many. */
  async deleteExpired(now: Date, limit: number): Promise<number> {
    const { rowCount: affected } = await this.sql.run({
      sql: `DELETE FROM idempotency_keys WHERE ctid = ANY (ARRAY(
         SELECT ctid FROM idempotency_keys WHERE expires_at <= $1 LIMIT $2))`,
      parameters: [now, limit],
    });
    return affected;
  }
}
