import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { CustomerContact } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type ErasedCounts, type Erasure } from '../common/privacy/customer-data-provider';
import { PersonFinding } from '../common/privacy/person-finding';

/**
 * Every module's `CustomerDataProvider` (docs/contract.md#data-rights), collected from the application wherever it is
 * declared, and the two things done with all of them: finding a person, and erasing what was found.
 */
@Injectable()
export class CustomerDataProviders implements OnModuleInit {
  private providers: CustomerDataProvider[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const instances = this.discovery
      .getProviders({ metadataKey: CustomerDataProvider.KEY })
      .map((wrapper) => wrapper.instance as CustomerDataProvider);
    this.providers = [...new Set(instances)];
  }

  /** The tables the providers answer for. */
  get tables(): string[] {
    return [...new Set(this.providers.flatMap((provider) => provider.tables))].sort();
  }

  /**
   * Everything held about the contacts: every provider asked in turn, round after round, until a
   * round finds nothing new (a record found by one provider leads another to its own records; a
   * linked contact leads every provider to more).
   */
  find(contacts: CustomerContact[], includeLinked: boolean): Promise<PersonFinding> {
    return this.complete(new PersonFinding(contacts, includeLinked));
  }

  /** `finding` completed by every provider (a retention pass seeds it with the ids of expired records). */
  async complete(finding: PersonFinding): Promise<PersonFinding> {
    for (let size = -1; size !== finding.size;) {
      size = finding.size;
      for (const provider of this.providers) await provider.find(finding);
    }
    return finding;
  }

  /** In the caller's transaction: every provider erases what was found; the counts added up by kind. */
  async erase(finding: PersonFinding, suppress: boolean): Promise<ErasedCounts> {
    const erasure: Erasure = { finding, values: finding.values, suppress };
    const counts: ErasedCounts = {};
    for (const provider of this.providers)
      for (const [kind, count] of Object.entries(await provider.erase(erasure)))
        counts[kind] = (counts[kind] ?? 0) + count;
    return counts;
  }
}
