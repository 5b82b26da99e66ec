import type { PersonFinding } from './person-finding';

type Exported = Record<string, unknown>;

/** Records nested in each record of a part, once every part is filled. */
interface Nesting {
  readonly part: string;
  readonly field: string;
  readonly childrenOf: (parent: Exported) => Exported[];
}

/**
 * The export answer as the customer-data providers fill it (docs/contract.md#data-rights): each adds
 * the parts it declares, and may nest its records in another provider's (a lead's messages, a process's
 * requests), which are placed once every part is filled, whoever came first.
 */
export class CustomerDataExport {
  private readonly parts = new Map<string, Exported[]>();
  private readonly nestings: Nesting[] = [];

  /** Every declared part, empty until filled (an answer always holds each). */
  constructor(
    readonly finding: PersonFinding,
    partNames: readonly string[],
  ) {
    for (const name of partNames) this.parts.set(name, []);
  }

  /** Adds exported records to a declared part. */
  add(part: string, records: readonly object[]): void {
    const items = this.parts.get(part);
    if (!items) throw new Error(`The export has no part "${part}": a provider must declare it`);
    items.push(...(records as Exported[]));
  }

  /** Nests, in each record of `part`, the records `childrenOf` answers for it under `field` (an empty list when none). */
  nest<P>(part: string, field: string, childrenOf: (parent: P) => readonly object[]): void {
    this.nestings.push({ part, field, childrenOf: childrenOf as Nesting['childrenOf'] });
  }

  /** The answer: every part, with the records nested in them. */
  answer(): Record<string, unknown[]> {
    for (const { part, field, childrenOf } of this.nestings)
      for (const parent of this.parts.get(part) ?? []) {
        const held = (parent[field] as Exported[] | undefined) ?? [];
        parent[field] = [...held, ...childrenOf(parent)];
      }
    return Object.fromEntries(this.parts);
  }
}

/** A time as the export shows it (ISO 8601, UTC). */
export const exportedTime = (time: Date | string): string => new Date(time).toISOString();

/** A time that may be unset, as the export shows it. */
export const exportedTimeOrNull = (time: Date | string | null): string | null =>
  time === null ? null : exportedTime(time);
