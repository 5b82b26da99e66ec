import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { CustomerContact } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type ErasedCounts, type Erasure } from '../common/privacy/customer-data-provider';
import { PersonFinding } from '../common/privacy/person-finding';
import { AfterCommit } from '../database/after-commit';
import { Sql } from '../database/sql';
import { vacuumStatement } from '../database/database.sql';

/**
 * Every module's `CustomerDataProvider` (docs/contract.md#data-rights), collected from the application wherever it is
 * declared, and the two things done with all of them: finding a person, and erasing what was found.
 */
@Injectable()
export class CustomerDataProviders implements OnModuleInit {
  private providers: CustomerDataProvider[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly afterCommit: AfterCommit,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  onModuleInit(): void {
    const instances = this.discovery
      .getProviders({ metadataKey: CustomerDataProvider.KEY })
      .map((wrapper) => wrapper.instance as CustomerDataProvider);
    this.providers = [...new Set(instances)];
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

  /**
   * In the caller's transaction: every provider erases what was found; the counts added up by kind, and
   * the tables of the providers that changed anything (to vacuum once it commits).
   */
  async erase(finding: PersonFinding, suppress: boolean): Promise<{ counts: ErasedCounts; tables: string[] }> {
    const erasure: Erasure = { finding, values: finding.values, suppress };
    const counts: ErasedCounts = {};
    const tables = new Set<string>();
    for (const provider of this.providers) {
      for (const [kind, count] of Object.entries(await provider.erase(erasure))) {
        counts[kind] = (counts[kind] ?? 0) + count;
        if (count > 0) for (const table of provider.tables) tables.add(table);
      }
    }
    return { counts, tables: [...tables].sort() };
  }

  /**
   * `VACUUM` of `tables` once the caller's transaction has committed (at once outside one), on a
   * connection of its own: the old versions of the erased rows, and their index entries, are gone when
   * it returns, except those a transaction still running may read (autovacuum takes them later). A
   * failure is logged: the erasure has committed.
   */
  async vacuumAfterCommit(tables: readonly string[]): Promise<void> {
    if (tables.length === 0) return;
    await this.afterCommit.run(async () => {
      await this.txHost.withoutTransaction(() => this.sql.run(vacuumStatement(tables)));
    });
  }
}
