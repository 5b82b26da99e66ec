import { Injectable } from '@nestjs/common';
import { type ErasedValues, redactJson } from '../common/privacy/customer-contact';
import { Sql } from '../database/sql';
import type { EventRecipient } from '../events/event-subscribers';

/** A delivery reached its receiver when it succeeded or a receiver answered an attempt with a status. */
const REACHED = `(d.status = 'SUCCEEDED' OR d.last_status_code IS NOT NULL)`;

/**
 * The copies of a person's events in the webhook outbox (docs/contract.md#data-rights): who received
 * them (the export's `recipients`), and at erasure their kept bodies (and receivers' answers) redacted.
 * A delivery that reached a receiver cannot be recalled; it is counted. One that never connected is not.
 */
@Injectable()
export class WebhookEventCopies {
  constructor(private readonly sql: Sql) {}

  /** The endpoints that received any of these events, with how many deliveries and the last (idx_webhook_deliveries_event). */
  recipientsOf(eventIds: string[]): Promise<EventRecipient[]> {
    return this.sql.rows<EventRecipient>({
      sql: `SELECT e.id, e.account_type AS "accountType", e.account_id AS "accountId", e.url,
                   count(*)::int AS deliveries, max(coalesce(d.delivered_at, d.last_attempt_at)) AS "lastSentAt"
              FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
             WHERE d.event_id = ANY($1::varchar[]) AND ${REACHED}
             GROUP BY e.id ORDER BY e.id`,
      parameters: [eventIds],
    });
  }

  /** In the caller's transaction, by event id (idx_webhook_deliveries_event). */
  async redact(eventIds: string[], values: ErasedValues): Promise<{ redacted: number; alreadySent: number }> {
    if (eventIds.length === 0) return { redacted: 0, alreadySent: 0 };
    const rows: { id: string; body: string; lastResponse: string | null; left: boolean }[] = await this.sql.rows({
      sql: `SELECT id::text AS id, body, last_response AS "lastResponse", ${REACHED} AS left
           FROM webhook_deliveries d WHERE event_id = ANY($1::varchar[]) FOR UPDATE`,
      parameters: [eventIds],
    });
    let redacted = 0;
    for (const row of rows) {
      const body = redactJson(JSON.parse(row.body), values);
      const answer = redactJson(row.lastResponse ?? '', values);
      if (!body.changed && !answer.changed) continue;
      await this.sql.run({
        sql: `UPDATE webhook_deliveries SET body = $2, last_response = $3 WHERE id = $1`,
        parameters: [row.id, JSON.stringify(body.value), row.lastResponse === null ? null : answer.value],
      });
      redacted += 1;
    }
    return { redacted, alreadySent: rows.filter((row) => row.left).length };
  }
}
