import { Injectable } from '@nestjs/common';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { CustomerDataExport } from '../common/privacy/customer-data-export';
import type { PersonFinding } from '../common/privacy/person-finding';
import type { Retention } from '../common/privacy/retention';
import { Clock } from '../common/time/clock';
import { ContactSuppressions } from '../reputation/contact-suppressions';
import { ConsentsRepository } from './consents.repository';
import type { ConsentRecord } from './consents.sql';
import { ConsentResponse } from './dto/consent.response';

/**
 * The consent ledger's part of a person's data rights and of retention (docs/contract.md#data-rights,
 * #consent): their lines in the export; at erasure their bases go and their withdrawals keep, without
 * the contact (its keyed hash instead), the proof that they were honoured, with the erasure's own.
 */
@Injectable()
@CustomerDataProvider({
  kinds: ['consents'],
  exports: {
    consents: {
      type: [ConsentResponse],
      description: 'The consent ledger: the bases on which vendors wrote to the person, and their withdrawals.',
    },
  },
  erasureCounts: {
    consents: {
      description: 'Consent bases removed, and withdrawals kept as proof without the contact (its keyed hash instead).',
      example: 2,
    },
  },
})
export class ConsentCustomerRecords implements CustomerDataProvider {
  readonly tables = ['consents'];
  readonly retention: Retention[] = [
    {
      setting: 'RETENTION_CONSENT_DAYS',
      counted: 'consents',
      expires: { deletes: (cutoff, limit) => this.ledger.deleteEndedBefore(cutoff, limit) },
    },
  ];

  constructor(
    private readonly ledger: ConsentsRepository,
    private readonly suppressions: ContactSuppressions,
    private readonly clock: Clock,
  ) {}

  async find(finding: PersonFinding): Promise<void> {
    const lines = await this.ledger.ofPerson(finding.contacts, finding.ids('consents'));
    finding.add('consents', lines, { values: lines.map((line) => line.contact) });
  }

  exportTo(answer: CustomerDataExport): void {
    answer.add(
      'consents',
      answer.finding.records<ConsentRecord>('consents').map((line) => ConsentResponse.from(line)),
    );
  }

  /**
   * In the caller's transaction: the bases deleted, the withdrawals kept as proof under the contact's
   * keyed hash; an erasure (not a retention pass) is itself a withdrawal from every vendor, kept so.
   */
  async erase({ finding, suppress }: Erasure): Promise<ErasedCounts> {
    const lines = finding.records<ConsentRecord>('consents');
    let changed = await this.ledger.deleteBases(lines.filter((line) => line.kind !== 'WITHDRAWAL').map((l) => l.id));
    for (const line of lines.filter((l) => l.kind === 'WITHDRAWAL' && l.contact !== null))
      changed += await this.ledger.keepWithdrawalProof(line.id, this.suppressions.hashOf(line.contact!));
    if (suppress)
      for (const contact of finding.contacts)
        await this.ledger.insert({
          vendorId: null,
          contact: null,
          contactHash: this.suppressions.hashOf(contact),
          kind: 'WITHDRAWAL',
          source: 'erasure',
          evidence: { honoured: true },
          startsAt: this.clock.now(),
          endsAt: null,
        });
    return { consents: changed };
  }
}
