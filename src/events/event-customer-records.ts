import { Injectable } from '@nestjs/common';
import { type ErasedValues, redactJson } from '../common/privacy/customer-contact';
import { Sql } from '../database/sql';
import { EventSubscribers } from './event-subscribers';
import { eventPublicId } from './event-types';

export interface EventRecord {
  id: string;
  type: string;
  occurredAt: Date;
}

/**
 * The events' part of a person's data rights (docs/contract.md#data-rights): the events of their leads and processes
 * (idx_events_lead, idx_events_process), and at erasure their payloads and the kept bodies of their
 * webhook deliveries (the copies its subscribers keep) redacted.
 */
@Injectable()
export class EventCustomerRecords {
  constructor(
    private readonly sql: Sql,
    private readonly subscribers: EventSubscribers,
  ) {}

  find(leadIds: number[], processIds: number[]): Promise<(EventRecord & { data: object })[]> {
    return this.sql.rows({
      sql: `SELECT id::text AS id, type, occurred_at AS "occurredAt", data FROM events
        WHERE type LIKE 'lead.%' AND data->>'id' = ANY($1::text[])
       UNION ALL
       SELECT id::text, type, occurred_at, data FROM events
        WHERE data ? 'processId' AND data->>'processId' = ANY($2::text[]) AND type NOT LIKE 'lead.%'
       ORDER BY id`,
      parameters: [leadIds.map(String), processIds.map(String)],
    });
  }

  /**
   * In the caller's transaction: every string of these events' payloads holding one of `values`
   * becomes `[erased]`, and so do their kept webhook delivery bodies. Answers how many events were
   * redacted, how many deliveries, and how many deliveries had already left (they cannot be recalled).
   */
  async redact(
    events: (EventRecord & { data: object })[],
    values: ErasedValues,
  ): Promise<{ events: number; webhookDeliveries: number; webhookDeliveriesAlreadySent: number }> {
    let redacted = 0;
    for (const event of events) {
      const { value, changed } = redactJson(event.data, values);
      if (!changed) continue;
      await this.sql.run({
        sql: `UPDATE events SET data = $2 WHERE id = $1`,
        parameters: [event.id, JSON.stringify(value)],
      });
      redacted += 1;
    }
    const deliveries = await this.subscribers.redactCopies(
      events.map((event) => eventPublicId(event.id)),
      values,
    );
    return {
      events: redacted,
      webhookDeliveries: deliveries.redacted,
      webhookDeliveriesAlreadySent: deliveries.alreadySent,
    };
  }
}
