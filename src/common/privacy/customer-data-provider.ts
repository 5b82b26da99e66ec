import type { Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { ErasedValues } from './customer-contact';
import { CustomerDataErasureResponse, CustomerDataExportResponse } from './customer-data-answers';
import type { CustomerDataExport } from './customer-data-export';
import type { PersonFinding } from './person-finding';
import type { Retention } from './retention';

export type { CustomerRecordKind } from './person-finding';

/** How many records of each kind one provider's erasure changed (the answer's names, docs/contract.md#data-rights). */
export type ErasedCounts = Record<string, number>;

/** What an erasure hands each provider: everything found, and what every other provider found to redact. */
export interface Erasure {
  readonly finding: PersonFinding;
  /** The person's values that must not survive in any copy (payloads, kept answers, bodies). */
  readonly values: ErasedValues;
  /** A retention pass erases records that expired: it does not suppress their contacts. */
  readonly suppress: boolean;
}

/**
 * One module's part of a person's data rights (docs/contract.md#data-rights), for the tables it owns. Every module that
 * stores customer data has exactly one, marked `@CustomerDataProvider(declaration)`; the customer-data
 * module collects them all and derives the export, the erasure answer and the retention pass from them,
 * so a new table is a provider (or a line in its module's) and nothing else.
 * The scan test (`test/customer-data/erasure-reaches-every-copy.e2e-spec.ts`) proves none is missing.
 */
export interface CustomerDataProvider {
  /** The tables this provider answers for: an erasure that changed any of its records vacuums them once it commits. */
  readonly tables: readonly string[];
  /**
   * Adds to the finding the records of its tables reached by what has been found so far (contacts, or
   * ids of another kind), with the contacts on them and the values they hold. Called again while any
   * provider finds something new, so it must answer from the finding alone.
   */
  find(finding: PersonFinding): Promise<void>;
  /** In the caller's transaction: erases what `find` found, and answers the counts its declaration names. */
  erase(erasure: Erasure): Promise<ErasedCounts>;
  /** Adds what it found to the export's parts (those it declares, or those it nests records in). */
  exportTo?(answer: CustomerDataExport): void;
  /** What expires in its tables, under which retention setting. */
  readonly retention?: readonly Retention[];
}

/** An erasure answer's count: how its field is documented. */
export interface ErasureCount {
  readonly description?: string;
  readonly example: number;
}

/** What a provider adds to the two answers of the customer-data routes, beside its code. */
export interface CustomerDataDeclaration {
  /** The kinds of records its `find` adds to a finding: no two providers share one. */
  readonly kinds: readonly string[];
  /** The export's parts it fills, by name: how each is documented (an array of its exported model). */
  readonly exports?: Readonly<Record<string, ApiPropertyOptions>>;
  /** Fields it adds to another provider's exported model (a lead's messages), each filled by `CustomerDataExport.nest`. */
  readonly nests?: readonly {
    readonly model: Type<unknown>;
    readonly field: string;
    readonly options: ApiPropertyOptions;
  }[];
  /** The erasure answer's counts its `erase` answers, by name. */
  readonly erasureCounts: Readonly<Record<string, ErasureCount>>;
}

/** The declaration as Nest's discovery finds it (`CustomerDataProviders` reads it). */
export const DeclaredCustomerData = DiscoveryService.createDecorator<CustomerDataDeclaration>();

/**
 * Marks a module's `CustomerDataProvider` with its declaration: its export parts and erasure counts
 * join the routes' documented answers here (`customer-data-answers.ts`), and `CustomerDataProviders`
 * collects every class marked.
 */
export function CustomerDataProvider(declaration: CustomerDataDeclaration): ClassDecorator {
  for (const [part, options] of Object.entries(declaration.exports ?? {}))
    ApiProperty(options)(CustomerDataExportResponse.prototype, part);
  for (const { model, field, options } of declaration.nests ?? [])
    ApiProperty(options)(model.prototype as object, field);
  for (const [count, { description, example }] of Object.entries(declaration.erasureCounts))
    ApiProperty({ type: Number, example, ...(description && { description }) })(
      CustomerDataErasureResponse.prototype,
      count,
    );
  return DeclaredCustomerData(declaration);
}
