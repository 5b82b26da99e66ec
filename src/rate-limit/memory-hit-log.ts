/** What counting one request against a sliding window found. */
export interface HitResult {
  /** The request fits in the window and was counted. */
  admitted: boolean;
  /** Requests counted in the window, this one included when admitted. */
  count: number;
  /** Milliseconds until the oldest counted request leaves the window, i.e. until one more is admitted. */
  msUntilSlotFrees: number;
}

interface Log {
  /** Times (ms) of the admitted requests still in the window, oldest first; at most `limit` of them. */
  times: number[];
  /** When the newest of them leaves the window; the whole entry can be forgotten then. */
  expiresAt: number;
}

/**
 * Sliding-window log in this process's memory: at most `limit` admitted requests in any `windowMs`.
 * Refused requests are not recorded, so a client retrying while limited does not delay its own reopening.
 * One entry per key, removed by `sweep` once idle, so memory follows the number of active clients.
 */
export class MemoryHitLog {
  private readonly logs = new Map<string, Log>();

  hit(key: string, limit: number, windowMs: number, now = Date.now()): HitResult {
    let log = this.logs.get(key);
    if (!log) {
      log = { times: [], expiresAt: 0 };
      this.logs.set(key, log);
    }
    const { times } = log;
    let expired = 0;
    while (expired < times.length && times[expired] <= now - windowMs) expired++;
    if (expired) times.splice(0, expired);

    const admitted = times.length < limit;
    if (admitted) {
      times.push(now);
      log.expiresAt = now + windowMs;
    }
    return { admitted, count: times.length, msUntilSlotFrees: times[0] + windowMs - now };
  }

  /** Forgets every key with no request left in its window. */
  sweep(now = Date.now()): void {
    for (const [key, log] of this.logs) if (log.expiresAt <= now) this.logs.delete(key);
  }

  get size(): number {
    return this.logs.size;
  }
}
