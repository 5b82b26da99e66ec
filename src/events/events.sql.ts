import { NamedSql } from '../database/named-sql';
import type { StoredEvent } from './entities/event.entity';

export type FeedEvent = Pick<StoredEvent, 'id' | 'vendorId' | 'type' | 'data' | 'occurredAt'>;

const COLUMNS = `id::text AS id, vendor_id AS "vendorId", type, data, occurred_at AS "occurredAt"`;

/**
 * Only events of transactions older than every transaction still running (the snapshot's xmin) are
 * shown, ordered by (tx_id, id): whatever commits later has a larger tx_id, so it lands after any
 * cursor a reader already holds, never behind it.
 */
const SETTLED = `tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

export const EVENT_SQL = {
  /** One event of :vendorId (:data as JSON text), stamped with the caller's transaction id. */
  insert: new NamedSql<FeedEvent>(`
    INSERT INTO events (tx_id, vendor_id, type, data, occurred_at)
    VALUES (pg_current_xact_id()::text::bigint, :vendorId, :type, :data, :occurredAt)
    RETURNING ${COLUMNS}`),

  /** Removes up to :limit events that occurred at or before :reach. */
  deleteExpired: new NamedSql(
    `DELETE FROM events WHERE id = ANY (ARRAY(SELECT id FROM events WHERE occurred_at <= :reach LIMIT :limit))`,
  ),

  /** The position of the event :id in the feed of :vendorId (every vendor's for null), if after :reach. */
  position: new NamedSql<{ txId: string }>(`
    SELECT tx_id::text AS "txId" FROM events
    WHERE id = :id AND (:vendorId::int IS NULL OR vendor_id = :vendorId) AND occurred_at > :reach`),

  /** Up to :limit settled events after :reach and (:afterTxId, :afterId) (null: from the start), oldest first. */
  feed: new NamedSql<FeedEvent>(`
    SELECT ${COLUMNS} FROM events
    WHERE ${SETTLED}
      AND (:vendorId::int IS NULL OR vendor_id = :vendorId)
      AND occurred_at > :reach
      AND (:afterTxId::bigint IS NULL OR (tx_id, id) > (:afterTxId::bigint, :afterId::bigint))
    ORDER BY tx_id, id
    LIMIT :limit`),
};
