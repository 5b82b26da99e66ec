import { DiscoveryService } from '@nestjs/core';
import type { ExpiredBatch, WalkedBatch } from './retention-walk';

/** What expires under a retention setting in one provider's tables, and how the pass removes it. */
export type Expiry =
  /**
   * Records erased as an erasure erases them (with everything that quotes them), walked by id: the
   * kind they are found as, and the next batch of expired ids after an id.
   */
  | {
      readonly erases: string;
      readonly walk: (cutoff: Date, afterId: number, limit: number) => Promise<ExpiredBatch>;
    }
  /** Columns blanked in place (bodies), walked by id up to the first row younger than the cutoff. */
  | { readonly blanks: (cutoff: Date, afterId: number, limit: number) => Promise<WalkedBatch> }
  /** Rows deleted, a batch per statement, until a batch removes fewer than asked. */
  | { readonly deletes: (cutoff: Date, limit: number) => Promise<number> };

/** One retention rule (docs/contract.md#data-rights): a setting's window (days, 0 = keep) and what it expires. */
export interface Retention {
  /** The retention setting (`RETENTION_*_DAYS`, in the settings' retention group). */
  readonly setting: string;
  /** The pass's count it adds to (several rules of one setting may add to one count). */
  readonly counted: string;
  readonly expires: Expiry;
}

/**
 * Something kept about the service's own work (the audit log, finished webhook deliveries) that only
 * expires: the retention pass collects its rules with the customer-data providers'.
 */
export interface Retains {
  readonly retention: readonly Retention[];
}

/** Marks a provider that `Retains` (a customer-data provider's `retention` is collected with it already). */
export const RetainsRecords = DiscoveryService.createDecorator<void>();
