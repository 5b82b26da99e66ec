/** Gives back a slot taken with `KeyedSlots.take`; a second call does nothing. */
export type ReleaseSlot = () => void;

interface KeySlots {
  running: number;
  /** Takers waiting for a slot of the key, in order of arrival. */
  waiting: (() => void)[];
}

/**
 * At most `perKey` holders of each key at once; a taker beyond that waits, in order of arrival, and
 * is handed the slot the next holder gives back. A key with no holder is forgotten, so the map holds
 * only the keys in use.
 */
export class KeyedSlots {
  private readonly keys = new Map<string, KeySlots>();

  constructor(readonly perKey: number) {
    if (!Number.isInteger(perKey) || perKey < 1)
      throw new Error(`slots per key must be a whole number >= 1: ${perKey}`);
  }

  async take(key: string): Promise<ReleaseSlot> {
    const own = this.keys.get(key) ?? { running: 0, waiting: [] };
    this.keys.set(key, own);
    if (own.running < this.perKey) own.running += 1;
    // Still counted as running: the slot passes from the holder who gives it back to this taker.
    else await new Promise<void>((handOver) => own.waiting.push(handOver));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = own.waiting.shift();
      if (next) next();
      else if ((own.running -= 1) === 0) this.keys.delete(key);
    };
  }

  /** How many hold a slot of the key and how many wait for one. */
  usage(key: string): { running: number; waiting: number } {
    const slots = this.keys.get(key);
    return { running: slots?.running ?? 0, waiting: slots?.waiting.length ?? 0 };
  }

  /** How many keys have a holder. */
  get keysInUse(): number {
    return this.keys.size;
  }
}
