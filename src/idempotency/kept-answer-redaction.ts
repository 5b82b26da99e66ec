import { Injectable } from '@nestjs/common';
import { redactJson } from '../common/privacy/customer-contact';
import {
  CustomerDataProvider,
  type CustomerRecordKind,
  type Erasure,
  type ErasedCounts,
} from '../common/privacy/customer-data-provider';
import { Sql } from '../database/sql';

/**
 * Erasure in the kept answers of idempotent writes (docs/contract.md#data-rights): an answer kept for a replay (24
 * hours) may show an erased person's lead or request; it is redacted like the events. A scan of the
 * day's kept answers, which are few.
 */
@Injectable()
@CustomerDataProvider()
export class KeptAnswerRedaction implements CustomerDataProvider {
  readonly tables = ['idempotency_keys'];

  constructor(private readonly sql: Sql) {}

  /** Kept answers are copies of records other providers export: nothing of its own to find. */
  find(): Promise<void> {
    return Promise.resolve();
  }

  /**
   * In the caller's transaction: the kept answers that show one of the records found (the resource
   * an answer carries, its first `id`) or name one of the contacts, redacted; answers how many changed.
   */
  async erase({ finding, values }: Erasure): Promise<ErasedCounts> {
    const contacts = finding.contacts;
    const ids = [...new Set(FOUND_KINDS.flatMap((kind) => finding.ids(kind)))].map(String);
    if (contacts.length === 0 && ids.length === 0) return { idempotentAnswers: 0 };
    const rows: { accountType: string; accountId: number; key: string; body: string }[] = await this.sql.rows({
      sql: `SELECT account_type AS "accountType", account_id AS "accountId", key, body FROM idempotency_keys
        WHERE body IS NOT NULL
          AND (lower(body) LIKE ANY($1::text[]) OR substring(body FROM '"id":([0-9]+)[,}]') = ANY($2::text[]))
        FOR UPDATE`,
      parameters: [contacts.map((contact) => `%${contact.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`), ids],
    });
    let changed = 0;
    for (const row of rows) {
      const redacted = redactJson(JSON.parse(row.body), values);
      if (!redacted.changed) continue;
      await this.sql.run({
        sql: `UPDATE idempotency_keys SET body = $4 WHERE account_type = $1 AND account_id = $2 AND key = $3`,
        parameters: [row.accountType, row.accountId, row.key, JSON.stringify(redacted.value)],
      });
      changed += 1;
    }
    return { idempotentAnswers: changed };
  }
}

/** The kinds of records a write route answers with. */
const FOUND_KINDS: CustomerRecordKind[] = [
  'leads',
  'reputationProcesses',
  'feedbackRequests',
  'reviewRequests',
  'referralsMade',
  'referralsReceived',
  'referralConversions',
];
