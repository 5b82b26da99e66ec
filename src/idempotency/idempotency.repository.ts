import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
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
  holder: string;
  now: Date;
  lockedUntil: Date;
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

  /** Takes the key for this request: true when it was free (never used, or expired). */
  async claim(scope: KeyScope, claim: Claim): Promise<boolean> {
    const { rowCount } = await this.sql.run({
      sql: `INSERT INTO idempotency_keys
              (account_type, account_id, key, fingerprint, state, holder, locked_until, created_at, expires_at)
       VALUES ($1, $2, $3, $4, 'RUNNING', $5, $6, $7, $8)
       ON CONFLICT (account_type, account_id, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, state = 'RUNNING', holder = EXCLUDED.holder,
              locked_until = EXCLUDED.locked_until, status = NULL, body = NULL,
              created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
        WHERE idempotency_keys.expires_at <= $7`,
      parameters: [...scopeOf(scope), claim.fingerprint, claim.holder, claim.lockedUntil, claim.now, claim.expiresAt],
    });
    return rowCount > 0;
  }

  find(scope: KeyScope): Promise<IdempotencyKey | null> {
    return this.txHost.tx.findOneBy(IdempotencyKey, scope);
  }

  /** A running key whose holder's time ran out (its instance died): taken by this request. */
  async takeOver(scope: KeyScope, claim: Claim): Promise<boolean> {
    const { rowCount: affected } = await this.sql.run({
      sql: `UPDATE idempotency_keys SET holder = $4, locked_until = $5
        WHERE ${PK} AND state = 'RUNNING' AND locked_until <= $6 AND fingerprint = $7`,
      parameters: [...scopeOf(scope), claim.holder, claim.lockedUntil, claim.now, claim.fingerprint],
    });
    return affected > 0;
  }

  /**
   * Keeps the answer (the JSON text sent, or null for one that showed a credential), if this holder
   * still holds the key; false when another took it over.
   */
  async keep(scope: KeyScope, holder: string, status: number, body: string | null): Promise<boolean> {
    const { rowCount: affected } = await this.sql.run({
      sql: `UPDATE idempotency_keys SET state = $4, status = $5, body = $6, holder = NULL, locked_until = NULL
        WHERE ${PK} AND holder = $7`,
      parameters: [...scopeOf(scope), IdempotencyState.Done, status, body, holder],
    });
    return affected > 0;
  }

  /** Frees the key (the request failed with a 5xx: it may be retried). */
  async release(scope: KeyScope, holder: string): Promise<void> {
    await this.sql.run({
      sql: `DELETE FROM idempotency_keys WHERE ${PK} AND holder = $4`,
      parameters: [...scopeOf(scope), holder],
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
