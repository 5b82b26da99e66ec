import { Injectable } from '@nestjs/common';
import { type ErasedValues, redactJson } from '../common/privacy/customer-contact';
import { Sql } from '../database/sql';

/**
 * Erasure in the kept answers of idempotent writes (docs/contract.md#data-rights): an answer kept for a replay (24
 * hours) may show an erased person's lead or request; it is redacted like the events. A scan of the
 * day's kept answers, which are few.
 */
@Injectable()
export class KeptAnswerRedaction {
  constructor(private readonly sql: Sql) {}

  /** In the caller's transaction: the kept answers that mention one of `contacts`; answers how many. */
  async redact(contacts: string[], values: ErasedValues): Promise<number> {
    if (contacts.length === 0) return 0;
    const rows: { accountType: string; accountId: number; key: string; body: string }[] = await this.sql.rows({
      sql: `SELECT account_type AS "accountType", account_id AS "accountId", key, body FROM idempotency_keys
        WHERE body IS NOT NULL AND lower(body) LIKE ANY($1::text[]) FOR UPDATE`,
      parameters: [contacts.map((contact) => `%${contact.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)],
    });
    for (const row of rows) {
      await this.sql.run({
        sql: `UPDATE idempotency_keys SET body = $4 WHERE account_type = $1 AND account_id = $2 AND key = $3`,
        parameters: [
          row.accountType,
          row.accountId,
          row.key,
          JSON.stringify(redactJson(JSON.parse(row.body), values).value),
        ],
      });
    }
    return rows.length;
  }
}
