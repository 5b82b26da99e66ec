import pLimit, { type LimitFunction } from 'p-limit';

/** Gives back a slot taken with `KeyedSlots.take`; a second call does nothing. */
export type ReleaseSlot = () => void;

/**
 * At most `perKey` holders of each key at once; a taker beyond that waits, in order of arrival, and
 * is handed the slot the next holder gives back (a `p-limit` per key, whose task is the holding).
 * A key with no holder is forgotten, so the map holds only the keys in use.
 */
export class KeyedSlots {
  private readonly limits = new Map<string, LimitFunction>();

  constructor(readonly perKey: number) {
    if (!Number.isInteger(perKey) || perKey < 1)
      throw new Error(`slots per key must be a whole number >= 1: ${perKey}`);
  }

  take(key: string): Promise<ReleaseSlot> {
    const limit = this.limits.get(key) ?? pLimit(this.perKey);
    this.limits.set(key, limit);
    return new Promise((granted) => {
      const held = limit(() => new Promise<void>((release) => granted(() => release())));
      void held.then(() => {
        if (limit.activeCount === 0 && limit.pendingCount === 0 && this.limits.get(key) === limit)
          this.limits.delete(key);
      });
    });
  }

  /** How many hold a slot of the key and how many wait for one. */
  usage(key: string): { running: number; waiting: number } {
    const limit = this.limits.get(key);
    return { running: limit?.activeCount ?? 0, waiting: limit?.pendingCount ?? 0 };
  }

  /** How many keys have a holder. */
  get keysInUse(): number {
    return this.limits.size;
  }
}
