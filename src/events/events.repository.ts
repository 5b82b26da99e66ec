import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import type { RecordedEventType } from './event-types';
import { EVENT_SQL, type FeedEvent } from './events.sql';

/** How far back the feed reaches (docs/contract.md#events-webhooks). */
export const FEED_DAYS = 30;

@Injectable()
export class EventsRepository {
  constructor(private readonly sql: Sql) {}

  /** In the caller's transaction, stamped with its transaction id. */
  async insert(vendorId: number, type: RecordedEventType, data: object, occurredAt: Date): Promise<FeedEvent> {
    const [event] = await this.sql.rows(
      EVENT_SQL.insert.bind({ vendorId, type, data: JSON.stringify(data), occurredAt }),
    );
    return event;
  }

  /** Removes up to `limit` events that occurred at or before `reach`, the feed's oldest time; answers how many. */
  async deleteExpired(reach: Date, limit: number): Promise<number> {
    const { rowCount: affected } = await this.sql.run(EVENT_SQL.deleteExpired.bind({ reach, limit }));
    return affected;
  }

  /** The position of an event in the feed of this scope (a vendor's, or every vendor's when null). */
  async position(vendorId: number | null, id: number, reach: Date): Promise<{ txId: string } | undefined> {
    const [row] = await this.sql.rows(EVENT_SQL.position.bind({ id, vendorId, reach }));
    return row;
  }

  /** Up to `limit` settled events after the position (from the start when none), oldest first. */
  feed(
    vendorId: number | null,
    after: { txId: string; id: number } | undefined,
    reach: Date,
    limit: number,
  ): Promise<FeedEvent[]> {
    return this.sql.rows(
      EVENT_SQL.feed.bind({ vendorId, reach, afterTxId: after?.txId ?? null, afterId: after?.id ?? null, limit }),
    );
  }
}
