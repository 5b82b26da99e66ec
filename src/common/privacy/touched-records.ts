import { ClsServiceManager } from 'nestjs-cls';
import type { CustomerRecordKind } from './person-finding';

/** A customer record a request wrote or answered with, as kept with its answer: `kind:id` (`leads:12`). */
export type TouchedRecord = `${CustomerRecordKind}:${string}`;

export const touchedRecord = (kind: CustomerRecordKind, id: number | string): TouchedRecord => `${kind}:${id}`;

const TOUCHED = Symbol('touchedRecords');

/**
 * The customer records one piece of work touched (docs/contract.md#data-rights), collected in its async context
 * (nestjs-cls, the context the transactions live in): a request whose answer is kept under an
 * Idempotency-Key is run through `collectTouched`, and each service that writes or answers with a
 * customer record calls `noteTouched`, so an erasure finds the kept answers by the records they
 * show, not by searching their text. Outside a collection, noting does nothing.
 */
export async function collectTouched<T>(work: () => Promise<T>): Promise<{ result: T; touched: TouchedRecord[] }> {
  const cls = ClsServiceManager.getClsService();
  const touched = new Set<TouchedRecord>();
  // Contexts opened inside (a transaction's) inherit the store's entries, so they add to this same set.
  const result = await cls.run({ ifNested: 'inherit' }, () => {
    cls.set(TOUCHED, touched);
    return work();
  });
  return { result, touched: [...touched].sort() };
}

/** Notes that the current work touched these records of `kind` (nothing when no collection is open). */
export function noteTouched(kind: CustomerRecordKind, ...ids: (number | string)[]): void {
  const cls = ClsServiceManager.getClsService();
  if (!cls.isActive()) return;
  const touched = cls.get<Set<TouchedRecord> | undefined>(TOUCHED);
  for (const id of ids) touched?.add(touchedRecord(kind, id));
}
