import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { type ErasedValues, redactJson } from '../common/privacy/customer-contact';

/**
 * Erasure in the webhook outbox (CONTRACT 14): the kept bodies (and receivers' answers) of an erased
 * person's events redacted. A delivery that already left cannot be recalled; it is counted.
 */
@Injectable()
export class WebhookDeliveryRedaction {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** In the caller's transaction, by event id (idx_webhook_deliveries_event). */
  async redact(eventIds: string[], values: ErasedValues): Promise<{ redacted: number; alreadySent: number }> {
    if (eventIds.length === 0) return { redacted: 0, alreadySent: 0 };
    const rows: { id: string; body: string; lastResponse: string | null; left: boolean }[] = await this.txHost.tx.query(
      `SELECT id::text AS id, body, last_response AS "lastResponse", (status = 'SUCCEEDED' OR attempts > 0) AS left
           FROM webhook_deliveries WHERE event_id = ANY($1::varchar[]) FOR UPDATE`,
      [eventIds],
    );
    let redacted = 0;
    for (const row of rows) {
      const body = redactJson(JSON.parse(row.body), values);
      const answer = redactJson(row.lastResponse ?? '', values);
      if (!body.changed && !answer.changed) continue;
      await this.txHost.tx.query(`UPDATE webhook_deliveries SET body = $2, last_response = $3 WHERE id = $1`, [
        row.id,
        JSON.stringify(body.value),
        row.lastResponse === null ? null : answer.value,
      ]);
      redacted += 1;
    }
    return { redacted, alreadySent: rows.filter((row) => row.left).length };
  }
}
