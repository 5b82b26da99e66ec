import { NamedSql } from '../database/named-sql';
import type { AuditEntry } from './entities/audit-entry.entity';

export type AuditRow = Omit<AuditEntry, 'txId'>;

const COLUMNS = `id::text AS id, at, actor_type AS "actorType", actor_id AS "actorId", action,
  target_type AS "targetType", target_id AS "targetId", vendor_id AS "vendorId", request_id AS "requestId", fields`;

/** As in the events' feed: only entries of transactions older than every running one, by (tx_id, id). */
const SETTLED = `tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

export const AUDIT_SQL = {
  /** One entry, stamped with the caller's transaction id. */
  insert: new NamedSql(`
    INSERT INTO audit_log (tx_id, at, actor_type, actor_id, action, target_type, target_id, vendor_id, request_id, fields)
    VALUES (pg_current_xact_id()::text::bigint, :at, :actorType, :actorId, :action, :targetType, :targetId, :vendorId,
            :requestId, :fields)`),

  /** Where the entry :id stands in the feed, if it is one of :vendorId's (any vendor's for null). */
  position: new NamedSql<{ txId: string }>(
    `SELECT tx_id::text AS "txId" FROM audit_log WHERE id = :id AND (:vendorId::int IS NULL OR vendor_id = :vendorId)`,
  ),

  /** Up to :limit settled entries of :vendorId (null: all) after (:afterTxId, :afterId) (null: from the start), oldest first. */
  feed: new NamedSql<AuditRow>(`
    SELECT ${COLUMNS} FROM audit_log
    WHERE ${SETTLED}
      AND (:vendorId::int IS NULL OR vendor_id = :vendorId)
      AND (:afterTxId::bigint IS NULL OR (tx_id, id) > (:afterTxId::bigint, :afterId::bigint))
    ORDER BY tx_id, id
    LIMIT :limit`),

  /**
   * Tells the append-only trigger that the transaction is the retention pass, and its cutoff (ISO
   * 8601, UTC): it then lets DELETE remove entries written before it, nothing else.
   */
  markRetention: new NamedSql(`SELECT set_config('app.audit_retention', :cutoff, true)`),

  /** Removes up to :limit entries written before :cutoff, oldest first. */
  deleteBefore: new NamedSql(
    `DELETE FROM audit_log WHERE id = ANY (ARRAY(SELECT id FROM audit_log WHERE at < :cutoff ORDER BY at LIMIT :limit))`,
  ),
};
