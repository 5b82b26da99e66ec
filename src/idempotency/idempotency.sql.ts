import { NamedSql } from '../database/named-sql';
import type { IdempotencyKey } from './entities/idempotency-key.entity';

/** A kept answer an erasure redacts: its key, and the JSON text a replay sends. */
export interface KeptAnswerRow {
  accountType: string;
  accountId: number;
  key: string;
  body: string;
}

/** What a request with a key decides by: whose request it was, and its kept answer. */
export type KeyAsFound = Pick<IdempotencyKey, 'fingerprint' | 'state' | 'status' | 'body'>;

const KEY = 'account_type = :accountType AND account_id = :accountId AND key = :key';

/**
 * The statements of `idempotency_keys` (docs/contract.md#idempotency). A key is named by
 * :accountType, :accountId and :key.
 */
export const IDEMPOTENCY_SQL = {
  /**
   * Records the key as used for this request when it is free (never used, or expired: its answer and
   * the records it touched forgotten). :fingerprint, :now, :expiresAt.
   */
  claim: new NamedSql(
    `
    INSERT INTO idempotency_keys (account_type, account_id, key, fingerprint, state, created_at, expires_at)
    VALUES (:accountType, :accountId, :key, :fingerprint, 'RUNNING', :now, :expiresAt)
    ON CONFLICT (account_type, account_id, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, state = 'RUNNING', status = NULL, body = NULL, touched_records = '{}',
           created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
     WHERE idempotency_keys.expires_at <= :now`,
    { prepare: true },
  ),

  /**
   * The hold of a request on its key, by a lock of its transaction (`held`), and the key as it stands
   * once held (all else null when there is no row): `idempotency_key_held` reads after it locks.
   */
  hold: new NamedSql<{ held: boolean } & { [Column in keyof KeyAsFound]: KeyAsFound[Column] | null }>(
    `SELECT held, fingerprint, state, status, body FROM idempotency_key_held(:accountType, :accountId, :key)`,
    { prepare: true },
  ),

  /**
   * Keeps the answer and the customer records the request touched, unless another request's answer
   * is kept already. :fingerprint, :state, :status, :body, :touchedRecords, :now, :expiresAt.
   */
  keep: new NamedSql(
    `
    INSERT INTO idempotency_keys
           (account_type, account_id, key, fingerprint, state, status, body, touched_records, created_at, expires_at)
    VALUES (:accountType, :accountId, :key, :fingerprint, :state, :status, :body, :touchedRecords::text[], :now, :expiresAt)
    ON CONFLICT (account_type, account_id, key) DO UPDATE
       SET state = EXCLUDED.state, status = EXCLUDED.status, body = EXCLUDED.body,
           touched_records = EXCLUDED.touched_records
     WHERE idempotency_keys.state = 'RUNNING' AND idempotency_keys.fingerprint = EXCLUDED.fingerprint`,
    { prepare: true },
  ),

  /** Frees a key no request answered. */
  release: new NamedSql(`DELETE FROM idempotency_keys WHERE ${KEY} AND state = 'RUNNING'`),

  /** Removes up to :limit keys expired at :now. */
  deleteExpired: new NamedSql(`
    DELETE FROM idempotency_keys WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM idempotency_keys WHERE expires_at <= :now LIMIT :limit))`),

  /**
   * The kept answers of requests that touched any of :touchedRecords (`kind:id`,
   * idx_idempotency_keys_touched_records), locked for their redaction.
   */
  touching: new NamedSql(`
    SELECT account_type AS "accountType", account_id AS "accountId", key, body FROM idempotency_keys
     WHERE touched_records && :touchedRecords::text[] AND body IS NOT NULL
     ORDER BY account_type, account_id, key
       FOR UPDATE`),

  /** A kept answer's redacted text. :body. */
  redact: new NamedSql(`UPDATE idempotency_keys SET body = :body WHERE ${KEY}`),
};
