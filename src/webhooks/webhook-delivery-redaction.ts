import { Injectable } from '@nestjs/common';
import { type ErasedValues, redactJson } from '../common/privacy/customer-contact';
import { Sql } from '../database/sql';

/**
 * Erasure in the webhook outbox (docs/contract.md#data-rights): the kept bodies (and receivers' answers) of an erased
 * person's events redacted. A delivery that reached a receiver (it succeeded, or a receiver answered
 * an attempt with a status) cannot be recalled; it is counted. One that never connected is not.
 */
@Injectable()
export class WebhookDeliveryRedaction {
  constructor(private readonly sql: Sql) {}

  /** In the caller's transaction, by event id (idx_webhook_deliveries_event). */
  async redact(eventIds: string[], values: ErasedValues): Promise<{ redacted: number; alreadySent: number }> {
    if (eventIds.length === 0) return { redacted: 0, alreadySent: 0 };
    const rows: { id: string; body: string; lastResponse: string | null; left: boolean }[] = await this.sql.rows({
      sql: `SELECT id::text AS id, body, last_response AS "lastResponse", (status = 'SUCCEEDED' OR last_status_code IS NOT NULL) AS left
           FROM webhook_deliveries WHERE event_id = ANY($1::varchar[]) FOR UPDATE`,
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
