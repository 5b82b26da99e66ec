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

export interface EventRecord {
  id: string;
  type: string;
  occurredAt: Date;
  data: object;
}

export const EVENT_SQL = {
  /** One event of :vendorId (:data as JSON text), stamped with the caller's transaction id. */
  insert: new NamedSql<FeedEvent>(
    `
    INSERT INTO events (tx_id, vendor_id, type, data, occurred_at)
    VALUES (pg_current_xact_id()::text::bigint, :vendorId, :type, :data, :occurredAt)
    RETURNING ${COLUMNS}`,
    { prepare: true },
  ),

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

  /**
   * A person's events: those of the leads :leadIds (idx_events_lead) and the processes :processIds
   * (idx_events_process), and the `message.failed` of their messages, by the request each was for
   * (:purposes and :subjectIds of the same index).
   */
  recordsOfPerson: new NamedSql<EventRecord>(`
    SELECT id::text AS id, type, occurred_at AS "occurredAt", data FROM events
     WHERE type LIKE 'lead.%' AND data->>'id' = ANY(:leadIds::text[])
    UNION ALL
    SELECT id::text, type, occurred_at, data FROM events
     WHERE data ? 'processId' AND data->>'processId' = ANY(:processIds::text[]) AND type NOT LIKE 'lead.%'
    UNION ALL
    SELECT e.id::text, e.type, e.occurred_at, e.data FROM events e
      JOIN unnest(:purposes::text[], :subjectIds::text[]) AS m(purpose, subject_id)
        ON e.data->>'purpose' = m.purpose AND e.data->>'requestId' = m.subject_id
     WHERE e.type = 'message.failed'
    ORDER BY id`),

  /** The event :id's payload :data (JSON text) rewritten. */
  rewriteData: new NamedSql(`UPDATE events SET data = :data WHERE id = :id`),
};
