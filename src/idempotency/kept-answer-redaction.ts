import { Injectable } from '@nestjs/common';
import { redactJson } from '../common/privacy/customer-contact';
import {
  CustomerDataProvider,
  type CustomerRecordKind,
  type Erasure,
  type ErasedCounts,
} from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { type TouchedRecord, touchedRecord } from '../common/privacy/touched-records';
import { IdempotencyRepository } from './idempotency.repository';

/**
 * Kinds a finding names records by that are noted under another when touched: the friends' leads and
 * contact requests the person's referrals brought are leads and conversions like any other.
 */
const NOTED_AS: Partial<Record<CustomerRecordKind, CustomerRecordKind>> = {
  referredLeads: 'leads',
  referredConversions: 'referralConversions',
};

/** Every record found, as a request that touched it noted it. */
function touchedIn(finding: PersonFinding): TouchedRecord[] {
  return finding.kinds.flatMap((kind) =>
    finding.records(kind).map((record) => touchedRecord(NOTED_AS[kind] ?? kind, record.id)),
  );
}

/**
 * Erasure in the kept answers of idempotent writes (docs/contract.md#data-rights): an answer kept for a
 * replay (24 hours) shows the records its request touched, noted with it when it was kept. The
 * answers of requests that touched a record found are redacted: each string holding one of the
 * person's values (every name, contact, address, text, reason, comment and body the records found
 * hold) becomes `[erased]`; ids, states and times stay, so a client's retry still replays its status
 * and ids and creates nothing twice.
 */
@Injectable()
@CustomerDataProvider({
  kinds: [],
  erasureCounts: { idempotentAnswers: { description: 'Kept answers of idempotent writes redacted.', example: 0 } },
})
export class KeptAnswerRedaction implements CustomerDataProvider {
  readonly tables = ['idempotency_keys'];

  constructor(private readonly repository: IdempotencyRepository) {}

  /** Kept answers are copies of records other providers export: nothing of its own to find. */
  find(): Promise<void> {
    return Promise.resolve();
  }

  /** In the caller's transaction: the kept answers touching a record found, redacted; answers how many changed. */
  async erase({ finding, values }: Erasure): Promise<ErasedCounts> {
    const touched = touchedIn(finding);
    if (touched.length === 0) return { idempotentAnswers: 0 };
    let changed = 0;
    for (const { body, ...scope } of await this.repository.touching(touched)) {
      const redacted = redactJson(JSON.parse(body), values);
      if (!redacted.changed) continue;
      await this.repository.redact(scope, JSON.stringify(redacted.value));
      changed += 1;
    }
    return { idempotentAnswers: changed };
  }
}
