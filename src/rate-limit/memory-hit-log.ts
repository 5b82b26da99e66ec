/** What counting one request against a sliding window found. */
export interface HitResult {
  /** The request fits in the window and was counted. */
  admitted: boolean;
  /** Requests counted in the window, this one included when admitted. */
  count: number;
  /** Milliseconds until the oldest counted request leaves the window, i.e. until one more is admitted. */
  msUntilSlotFrees: number;
}

/** The requests of one key counted here and still in their window, for another log to take over. */
export interface CountedHits {
  key: string;
  windowMs: number;
  /** How long ago (ms) each was admitted, oldest first. */
  ages: number[];
  /** The name each was given by the caller ('' for none), in the same order. */
  members: string[];
}

interface Log {
  /** Times (ms) of the admitted requests still in the window, oldest first; `limit` of them at most, but for `restore`. */
  times: number[];
  members: string[];
  windowMs: number;
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

  /** `member` names the request for whoever takes it over (`drain`). */
  hit(key: string, limit: number, windowMs: number, now = Date.now(), member = ''): HitResult {
    const log = this.logOf(key, windowMs);
    const { times, members } = log;
    let expired = 0;
    while (expired < times.length && times[expired] <= now - windowMs) expired++;
    if (expired) {
      times.splice(0, expired);
      members.splice(0, expired);
    }

    const admitted = times.length < limit;
    if (admitted) {
      times.push(now);
      members.push(member);
      log.expiresAt = now + windowMs;
    }
    // Over the limit (after `restore`) a slot frees when the request `limit` places before the newest leaves.
    const freesAt = times[admitted ? 0 : times.length - limit];
    return { admitted, count: times.length, msUntilSlotFrees: freesAt + windowMs - now };
  }

  /** Takes out everything counted here that is still in its window, as ages, and forgets it. */
  drain(now = Date.now()): CountedHits[] {
    const counted: CountedHits[] = [];
    for (const [key, { times, members, windowMs }] of this.logs) {
      const first = times.findIndex((time) => time > now - windowMs);
      if (first < 0) continue;
      counted.push({
        key,
        windowMs,
        ages: times.slice(first).map((time) => now - time),
        members: members.slice(first),
      });
    }
    this.logs.clear();
    return counted;
  }

  /** Puts back what `drain` took out, beside anything counted since. */
  restore(counted: CountedHits[], now = Date.now()): void {
    for (const { key, windowMs, ages, members } of counted) {
      const log = this.logOf(key, windowMs);
      const hits = ages.map((age, i) => ({ time: now - age, member: members[i] }));
      hits.push(...log.times.map((time, i) => ({ time, member: log.members[i] })));
      hits.sort((a, b) => a.time - b.time);
      log.times = hits.map(({ time }) => time);
      log.members = hits.map(({ member }) => member);
      log.expiresAt = log.times[log.times.length - 1] + windowMs;
    }
  }

  /** Forgets every key with no request left in its window. */
  sweep(now = Date.now()): void {
    for (const [key, log] of this.logs) if (log.expiresAt <= now) this.logs.delete(key);
  }

  get size(): number {
    return this.logs.size;
  }

  private logOf(key: string, windowMs: number): Log {
    let log = this.logs.get(key);
    if (!log) {
      log = { times: [], members: [], windowMs, expiresAt: 0 };
      this.logs.set(key, log);
    }
    log.windowMs = windowMs;
    return log;
  }
}
