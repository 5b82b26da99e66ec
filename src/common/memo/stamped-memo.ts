import { LRUCache } from 'lru-cache';

/** A value computed from the database, with the stamp of what it depends on, read before computing it. */
export interface Stamped<T> {
  value: T;
  /** A change count (or several) kept in PostgreSQL: the value holds while a new read gives the same. */
  stamp: string;
}

/** Keys remembered per memo and instance; beyond this many, the least recently asked is forgotten. */
const MAX_REMEMBERED = 1000;

/**
 * Values computed from the database, remembered per key in this instance's memory and answered again
 * while `holds` says they are exactly what a new computation would give: typically while the change
 * counts that triggers keep in PostgreSQL, whichever instance changed the rows, read the same as when
 * the value was computed. Callers asking for a key being computed wait for that computation rather than
 * starting their own; a failed computation answers its own callers only.
 */
export class StampedMemo<T, R extends Stamped<T> = Stamped<T>> {
  private readonly remembered = new LRUCache<string, Promise<R>>({ max: MAX_REMEMBERED });

  async value(key: string, holds: (remembered: R) => boolean, compute: () => Promise<R>): Promise<T> {
    const latest = this.remembered.get(key);
    // A failed computation answered its own caller; the next caller computes again.
    const remembered = await latest?.catch(() => undefined);
    const current = this.remembered.get(key);
    if (remembered && holds(remembered)) return remembered.value;
    // Another caller started a newer computation while this one waited: its value may hold.
    if (current && current !== latest) return this.value(key, holds, compute);
    const computing = compute();
    this.remembered.set(key, computing);
    computing.catch(() => this.remembered.peek(key) === computing && this.remembered.delete(key));
    return (await computing).value;
  }
}
