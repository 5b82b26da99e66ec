import { DiscoveryService } from '@nestjs/core';
import type { ErasedValues } from './customer-contact';
import type { PersonFinding } from './person-finding';

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
 * stores customer data has exactly one, marked `@CustomerDataProvider()`; the customer-data module
 * collects them all, so a new table is a new provider (or a line in its module's) and nothing else.
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
  /** In the caller's transaction: erases what `find` found, and answers the counts by kind. */
  erase(erasure: Erasure): Promise<ErasedCounts>;
}

/** Marks a module's `CustomerDataProvider`; `CustomerDataProviders` collects every class marked. */
export const CustomerDataProvider = DiscoveryService.createDecorator<void>();
