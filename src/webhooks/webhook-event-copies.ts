import { Injectable } from '@nestjs/common';
import { type ErasedValues, redactJson } from '../common/privacy/customer-contact';
import { Sql } from '../database/sql';
import { WEBHOOK_SQL } from './webhooks.sql';
import type { EventRecipient } from '../events/event-subscribers';

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
    return this.sql.rows(WEBHOOK_SQL.recipientsOf.bind({ eventIds }));
  }

  /** In the caller's transaction, by event id (idx_webhook_deliveries_event). */
  async redact(eventIds: string[], values: ErasedValues): Promise<{ redacted: number; alreadySent: number }> {
    if (eventIds.length === 0) return { redacted: 0, alreadySent: 0 };
    const rows = await this.sql.rows(WEBHOOK_SQL.copiesOf.bind({ eventIds }));
    let redacted = 0;
    for (const row of rows) {
      const body = redactJson(JSON.parse(row.body), values);
      const answer = redactJson(row.lastResponse ?? '', values);
      if (!body.changed && !answer.changed) continue;
      await this.sql.run(
        WEBHOOK_SQL.rewriteCopy.bind({
          id: row.id,
          body: JSON.stringify(body.value),
          lastResponse: row.lastResponse === null ? null : answer.value,
        }),
      );
      redacted += 1;
    }
    return { redacted, alreadySent: rows.filter((row) => row.left).length };
  }
}
