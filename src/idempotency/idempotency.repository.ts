import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import type { TouchedRecord } from '../common/privacy/touched-records';
import { IdempotencyState } from './entities/idempotency-key.entity';
import { IDEMPOTENCY_SQL, type KeptAnswerRow, type KeyAsFound } from './idempotency.sql';

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

@Injectable()
export class IdempotencyRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Records the key as used for this request when it is free (never used, or expired), so that a
   * request reusing it for another while this one runs is told at once. Committed on its own.
   */
  async claim(scope: KeyScope, claim: Claim): Promise<void> {
    await this.sql.run(IDEMPOTENCY_SQL.claim.bind({ ...scope, ...claim }));
  }

  /**
   * The hold of a request on its key, in the caller's transaction: `held` false when another request
   * holds it. PostgreSQL ends it with the transaction, and with the connection when its process dies.
   * With it, the key as found once held (null: no row), read after the lock in the same round trip.
   */
  async hold(scope: KeyScope): Promise<{ held: boolean; kept: KeyAsFound | null }> {
    const [{ held, fingerprint, state, status, body }] = await this.sql.rows(IDEMPOTENCY_SQL.hold.bind({ ...scope }));
    return { held, kept: fingerprint === null || state === null ? null : { fingerprint, state, status, body } };
  }

  /**
   * Keeps the answer (the JSON text sent, or null for one that showed a credential) of the request
   * holding the key, with the customer records it touched, unless another request's answer is kept already.
   */
  async keep(
    scope: KeyScope,
    claim: Claim,
    answer: { status: number; body: string | null; touchedRecords: TouchedRecord[] },
  ): Promise<void> {
    await this.sql.run(IDEMPOTENCY_SQL.keep.bind({ ...scope, ...claim, ...answer, state: IdempotencyState.Done }));
  }

  /** Frees a key no request answered (the request failed with a 5xx: it may be retried). */
  async release(scope: KeyScope): Promise<void> {
    await this.sql.run(IDEMPOTENCY_SQL.release.bind({ ...scope }));
  }

  /** Removes up to `limit` expired keys; answers how many. */
  async deleteExpired(now: Date, limit: number): Promise<number> {
    const { rowCount: affected } = await this.sql.run(IDEMPOTENCY_SQL.deleteExpired.bind({ now, limit }));
    return affected;
  }

  /** In the caller's transaction: the kept answers of requests that touched any of `records`, locked. */
  touching(records: TouchedRecord[]): Promise<KeptAnswerRow[]> {
    return this.sql.rows<KeptAnswerRow>(IDEMPOTENCY_SQL.touching.bind({ touchedRecords: records }));
  }

  /** Replaces a kept answer's text by its redaction. */
  async redact(scope: KeyScope, body: string): Promise<void> {
    await this.sql.run(IDEMPOTENCY_SQL.redact.bind({ ...scope, body }));
  }
}
