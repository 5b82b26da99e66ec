import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import type { RecordedEventType } from './event-types';
import type { StoredEvent } from './entities/event.entity';

/** How far back the feed reaches (docs/contract.md#events-webhooks). */
export const FEED_DAYS = 30;

export type FeedEvent = Pick<StoredEvent, 'id' | 'vendorId' | 'type' | 'data' | 'occurredAt'>;

const COLUMNS = `id::text AS id, vendor_id AS "vendorId", type, data, occurred_at AS "occurredAt"`;

/**
 * Only events of transactions older than every transaction still running (the snapshot's xmin) are
 * shown, ordered by (tx_id, id): whatever commits later has a larger tx_id, so it lands after any
 * cursor a reader already holds, never behind it.
 */
const SETTLED = `tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

@Injectable()
export class EventsRepository {
  constructor(private readonly sql: Sql) {}

  /** In the caller's transaction, stamped with its transaction id. */
  async insert(vendorId: number, type: RecordedEventType, data: object, occurredAt: Date): Promise<FeedEvent> {
    const [event] = await this.sql.rows<FeedEvent>({
      sql: `INSERT INTO events (tx_id, vendor_id, type, data, occurred_at)
       VALUES (pg_current_xact_id()::text::bigint, $1, $2, $3, $4)
       RETURNING ${COLUMNS}`,
      parameters: [vendorId, type, JSON.stringify(data), occurredAt],
    });
    return event;
  }

  /** Removes up to `limit` events that occurred at or before `reach`, the feed's oldest time; answers how many. */
  async deleteExpired(reach: Date, limit: number): Promise<number> {
    const { rowCount: affected } = await this.sql.run({
      sql: `DELETE FROM events WHERE id = ANY (ARRAY(SELECT id FROM events WHERE occurred_at <= $1 LIMIT $2))`,
      parameters: [reach, limit],
    });
    return affected;
  }

  /** The position of an event in the feed of this scope (a vendor's, or every vendor's when null). */
  async position(vendorId: number | null, id: number, reach: Date): Promise<{ txId: string } | undefined> {
    const [row] = await this.sql.rows<{ txId: string }>({
      sql: `SELECT tx_id::text AS "txId" FROM events
        WHERE id = $1 AND ($2::int IS NULL OR vendor_id = $2) AND occurred_at > $3`,
      parameters: [id, vendorId, reach],
    });
    return row;
  }

  /** Up to `limit` settled events after the position (from the start when none), oldest first. */
  feed(
    vendorId: number | null,
    after: { txId: string; id: number } | undefined,
    reach: Date,
    limit: number,
  ): Promise<FeedEvent[]> {
    return this.sql.rows({
      sql: `SELECT ${COLUMNS} FROM events
        WHERE ${SETTLED}
          AND ($1::int IS NULL OR vendor_id = $1)
          AND occurred_at > $2
          AND ($3::bigint IS NULL OR (tx_id, id) > ($3::bigint, $4::bigint))
        ORDER BY tx_id, id
        LIMIT $5`,
      parameters: [vendorId, reach, after?.txId ?? null, after?.id ?? null, limit],
    });
  }
}
