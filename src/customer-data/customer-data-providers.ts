import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { CustomerContact } from '../common/privacy/customer-contact';
import {
  type CustomerDataDeclaration,
  type CustomerDataProvider,
  DeclaredCustomerData,
  type ErasedCounts,
  type Erasure,
} from '../common/privacy/customer-data-provider';
import { CustomerDataExport } from '../common/privacy/customer-data-export';
import { PersonFinding } from '../common/privacy/person-finding';
import { AfterCommit } from '../database/after-commit';
import { Sql } from '../database/sql';
import { vacuumStatement } from '../database/database.sql';

/**
 * Every module's `CustomerDataProvider` (docs/contract.md#data-rights), collected from the application wherever it is
 * declared, with its declaration, and what is done with all of them: finding a person, their export, and
 * erasing what was found.
 */
@Injectable()
export class CustomerDataProviders implements OnModuleInit {
  private providers: CustomerDataProvider[] = [];
  private declarations: CustomerDataDeclaration[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly afterCommit: AfterCommit,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly sql: Sql,
  ) {}

  onModuleInit(): void {
    const found = new Map<CustomerDataProvider, CustomerDataDeclaration>();
    for (const wrapper of this.discovery.getProviders({ metadataKey: DeclaredCustomerData.KEY }))
      found.set(
        wrapper.instance as CustomerDataProvider,
        this.discovery.getMetadataByDecorator(DeclaredCustomerData, wrapper)!,
      );
    this.providers = [...found.keys()];
    this.declarations = [...found.values()];
    const kinds = this.declarations.flatMap((declaration) => declaration.kinds);
    const twice = kinds.filter((kind, index) => kinds.indexOf(kind) !== index);
    if (twice.length) throw new Error(`Customer record kinds declared by two providers: ${twice.join(', ')}`);
  }

  /** Every provider found, with what it declares (the retention pass reads their rules). */
  get all(): readonly CustomerDataProvider[] {
    return this.providers;
  }

  /** Every count the erasure answer holds, at 0: the counts the providers declare. */
  zeroCounts(): ErasedCounts {
    const names = this.declarations.flatMap((declaration) => Object.keys(declaration.erasureCounts));
    return Object.fromEntries(names.map((name) => [name, 0]));
  }

  /** The export of what was found: every declared part, each provider adding its records. */
  exportOf(finding: PersonFinding): Record<string, unknown[]> {
    const parts = this.declarations.flatMap((declaration) => Object.keys(declaration.exports ?? {}));
    const answer = new CustomerDataExport(finding, parts);
    for (const provider of this.providers) provider.exportTo?.(answer);
    return answer.answer();
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
