import type { QueryResultRow } from 'pg';
import { NamedSql } from '../database/named-sql';
import type { ApiKey } from './entities/api-key.entity';
import type { Manager } from './entities/manager.entity';
import { MANAGER_ACCOUNT_SELECT } from './managers.sql';

/** What a request's check reads of its key. */
export type KeyOnRequest = Pick<
  ApiKey,
  'id' | 'vendorId' | 'managerId' | 'scopes' | 'secretHash' | 'expiresAt' | 'revokedAt' | 'rolledInto' | 'lastUsedAt'
>;

/** A key as its owner sees it: everything but the hash. */
export type ApiKeyRow = Omit<ApiKey, 'secretHash'>;

const COLUMNS = `id, vendor_id AS "vendorId", manager_id AS "managerId", name, scopes, created_at AS "createdAt",
  created_by AS "createdBy", expires_at AS "expiresAt", revoked_at AS "revokedAt", rolled_into AS "rolledInto",
  last_used_at AS "lastUsedAt"`;

/** The owner's key :id; the owner is (:vendorId, :managerId), one of them null (which `=` never matches). */
const OWN_KEY = `id = :id AND vendor_id IS NOT DISTINCT FROM :vendorId AND manager_id IS NOT DISTINCT FROM :managerId`;
/** Neither revoked nor expired at :now. */
const LIVE = `revoked_at IS NULL AND (expires_at IS NULL OR expires_at > :now)`;

/** The key's columns a request's check reads, but its id (the token's jti, the statement's :keyId). */
const KEY_ON_REQUEST = `api_key.vendor_id AS "vendorId", api_key.manager_id AS "managerId", api_key.scopes,
  api_key.secret_hash AS "secretHash", api_key.expires_at AS "expiresAt", api_key.revoked_at AS "revokedAt",
  api_key.rolled_into AS "rolledInto", api_key.last_used_at AS "lastUsedAt"`;

/** A request's key (no row when there is none) and its account's columns (all null when there is none). */
export type KeyWithAccountRow<Account> = Omit<KeyOnRequest, 'id'> & {
  [Column in keyof Account]: Account[Column] | null;
};

/**
 * The key :keyId of every authenticated request and, in the same statement (one round trip, prepared),
 * the account :accountId its token names as `accountSelect` reads it: a SELECT of one account by
 * :accountId whose text the module owning that account's table writes. This text names only the key's
 * columns; the account's are the sub-select's, whatever they are.
 */
export const keyWithAccountSql = <Account extends QueryResultRow>(accountSelect: string) =>
  new NamedSql<KeyWithAccountRow<Account>>(
    `SELECT ${KEY_ON_REQUEST}, account.*
       FROM api_keys api_key LEFT JOIN (${accountSelect}) AS account ON TRUE
      WHERE api_key.id = :keyId`,
    { prepare: true },
  );

export const API_KEY_SQL = {
  /** A manager API request's key and its manager. */
  managerKeyOnRequest: keyWithAccountSql<Manager>(MANAGER_ACCOUNT_SELECT),

  /** Last use, to the minute :minute: a no-op unless the stored minute is older (at most once a minute). */
  touch: new NamedSql(
    `UPDATE api_keys SET last_used_at = :minute WHERE id = :id AND (last_used_at IS NULL OR last_used_at < :minute)`,
  ),

  /** The owner's keys, live or ended after :since, newest first. */
  list: new NamedSql<ApiKeyRow>(
    `SELECT ${COLUMNS} FROM api_keys
     WHERE (vendor_id = :vendorId OR manager_id = :managerId)
       AND COALESCE(LEAST(revoked_at, expires_at), 'infinity') > :since
     ORDER BY created_at DESC, id`,
  ),

  /** How many live keys the owner holds. */
  countLive: new NamedSql<{ count: number }>(
    `SELECT count(*)::int AS count FROM api_keys
     WHERE (vendor_id = :vendorId OR manager_id = :managerId)
       AND ${LIVE}`,
  ),

  /** The owner's live key :id, locked until commit (a roll or a revocation). */
  lockLive: new NamedSql<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE ${OWN_KEY} AND ${LIVE} FOR UPDATE`),

  /** Ends the rolled key at :expiresAt (never later than it would have) and links its successor. */
  rolled: new NamedSql<ApiKeyRow>(
    `UPDATE api_keys SET expires_at = LEAST(COALESCE(expires_at, 'infinity'), :expiresAt), rolled_into = :successor
     WHERE id = :id RETURNING ${COLUMNS}`,
  ),

  /** Revokes the owner's key :id, if still live. */
  revoke: new NamedSql<ApiKeyRow>(
    `UPDATE api_keys SET revoked_at = :now WHERE ${OWN_KEY} AND ${LIVE} RETURNING ${COLUMNS}`,
  ),

  /** Revokes the owner's live keys named :name (the key a token route or command replaces). */
  revokeNamed: new NamedSql<ApiKeyRow>(
    `UPDATE api_keys SET revoked_at = :now
     WHERE vendor_id IS NOT DISTINCT FROM :vendorId AND manager_id IS NOT DISTINCT FROM :managerId AND name = :name
       AND ${LIVE}
     RETURNING ${COLUMNS}`,
  ),
};
