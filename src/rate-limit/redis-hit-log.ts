import type { Logger } from '@nestjs/common';
import Redis, { type Result } from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { CountedHits, HitResult, MemoryHitLog } from './memory-hit-log';

/** Redis's clock in ms, so every instance agrees on the window. */
const REDIS_NOW = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
`;

/**
 * The sliding-window log in Redis, one atomic script per request. KEYS[1] is a sorted set of the admitted
 * requests scored by time in ms; ARGV: window (ms), limit, a unique member. Returns { admitted 0|1,
 * count, ms until one more request fits }; the set can hold more than `limit` after a write-back.
 */
const SLIDING_WINDOW_HIT = `${REDIS_NOW}
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local admitted = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
  admitted = 1
end
-- Over the limit (after a write-back) a slot frees when the request \`limit\` places before the newest leaves.
local frees = admitted == 1 and 0 or count - limit
local entry = redis.call('ZRANGE', KEYS[1], frees, frees, 'WITHSCORES')
return { admitted, count, tonumber(entry[2]) + window - now }
`;

/**
 * Adds requests counted elsewhere (in memory, while Redis was lost) at the times they were admitted.
 * KEYS[1] as above; ARGV: window (ms), then pairs of how long ago (ms) a request was admitted and its
 * member. A request whose hit reached Redis after all (it timed out here, Redis ran it later) has the
 * same member, so it is moved, not counted twice.
 */
const WRITE_BACK = `${REDIS_NOW}
local window = tonumber(ARGV[1])
for i = 2, #ARGV, 2 do
  redis.call('ZADD', KEYS[1], now - tonumber(ARGV[i]), ARGV[i + 1])
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if newest[2] then redis.call('PEXPIRE', KEYS[1], tonumber(newest[2]) + window - now) end
return 1
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    slidingWindowHit(
      key: string,
      windowMs: number,
      limit: number,
      member: string,
    ): Result<[number, number, number], Context>;
    writeBack(key: string, windowMs: number, ...agesAndMembers: (number | string)[]): Result<number, Context>;
  }
}

const CONNECT_TIMEOUT_MS = 2000;
/** While Redis stays unreachable the warning is repeated at most this often. */
const WARNING_INTERVAL_MS = 60_000;
/** Requests per write-back command, so that a large limit never makes one huge command. */
const WRITE_BACK_CHUNK = 1000;

export interface RedisHitLogOptions {
  url: string;
  keyPrefix: string;
  /** How long a request waits for an answer; none in this time counts as a lost connection. */
  commandTimeoutMs: number;
  logger: Logger;
  /** The clock of the memory counts. */
  now: () => number;
}

/**
 * Counts requests in Redis while connected, waiting for each answer however busy Redis or this process
 * is, up to the command timeout. When the connection is lost (closed, refused, or no answer within the
 * timeout) it counts in `fallback`, this instance's memory (fail open: requests keep being served), and
 * opens a new connection; once Redis is ready again it writes back what was counted meanwhile, so the
 * window's total in Redis is right, before counting there again. ioredis never queues a command while
 * disconnected and keeps reconnecting in the background, every 2 s at most, while the process runs.
 */
export class RedisHitLog {
  private readonly client: Redis;
  /** Members must be unique across instances and within one millisecond; short, as each is stored. */
  private readonly memberPrefix = randomBytes(6).toString('base64url');
  private sequence = 0;
  /** Connected and written back: requests are counted in Redis. */
  private usable = false;
  private lastWarningAt = Number.NEGATIVE_INFINITY;
  private closing = false;

  constructor(
    private readonly options: RedisHitLogOptions,
    private readonly fallback: MemoryHitLog,
  ) {
    this.client = new Redis(options.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    this.client.defineCommand('slidingWindowHit', { numberOfKeys: 1, lua: SLIDING_WINDOW_HIT });
    this.client.defineCommand('writeBack', { numberOfKeys: 1, lua: WRITE_BACK });
    this.client.on('ready', () => void this.takeOver());
    this.client.on('error', (error: Error) => this.connectionLost(error));
    this.client.on('close', () => this.connectionLost(new Error('connection closed')));
  }

  /** Connects, waiting at most the connect timeout: the service starts (and counts in memory) without Redis. */
  async connect(): Promise<void> {
    try {
      await this.client.connect();
    } catch {
      // Already reported by the 'error' event; ioredis keeps retrying.
    }
  }

  /** Counts one request: in Redis while it is usable, otherwise in memory. */
  async hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const member = `${this.memberPrefix}${(++this.sequence).toString(36)}`;
    if (!this.usable) return this.fallback.hit(key, limit, windowMs, this.options.now(), member);
    try {
      const [admitted, count, msUntilSlotFrees] = await this.answer(
        this.client.slidingWindowHit(this.options.keyPrefix + key, windowMs, limit, member),
      );
      return { admitted: admitted === 1, count, msUntilSlotFrees };
    } catch (error) {
      this.connectionLost(error as Error);
      return this.fallback.hit(key, limit, windowMs, this.options.now(), member);
    }
  }

  /** Whether requests are counted in Redis and it answers a PING now (for readiness). */
  async ping(): Promise<boolean> {
    if (!this.usable) return false;
    try {
      await this.answer(this.client.ping());
      return true;
    } catch (error) {
      this.connectionLost(error as Error);
      return false;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }

  /** On every (re)connection: writes back what memory counted meanwhile, then counts in Redis. */
  private async takeOver(): Promise<void> {
    let writtenBack = 0;
    // Requests counted in memory while a batch is written are taken by the next round; the last, empty
    // round and the switch to Redis happen in one step, so none is left behind.
    const drain = () => this.fallback.drain(this.options.now());
    for (let counted = drain(); counted.length; counted = drain()) {
      try {
        await Promise.all(counted.map((hits) => this.writeBack(hits)));
        writtenBack += counted.reduce((sum, { ages }) => sum + ages.length, 0);
      } catch (error) {
        this.fallback.restore(counted, this.options.now());
        this.connectionLost(error as Error);
        return;
      }
    }
    if (this.client.status !== 'ready') return;
    this.usable = true;
    const meanwhile = writtenBack ? ` (${writtenBack} requests counted in memory meanwhile written back)` : '';
    this.options.logger.log(`Rate-limit counters are kept in Redis, shared by every instance${meanwhile}.`);
  }

  private async writeBack({ key, windowMs, ages, members }: CountedHits): Promise<void> {
    for (let start = 0; start < ages.length; start += WRITE_BACK_CHUNK) {
      const pairs = ages.slice(start, start + WRITE_BACK_CHUNK).flatMap((age, i) => [age, members[start + i]]);
      await this.answer(this.client.writeBack(this.options.keyPrefix + key, windowMs, ...pairs));
    }
  }

  /**
   * The command's answer, or an error when none came within the timeout. The timeout is checked only
   * after the event loop has read what arrived meanwhile (setImmediate runs after the I/O poll), so an
   * instance too busy to look, not Redis, never turns an answer that is already there into a timeout.
   * (ioredis' own commandTimeout would: its timer runs before the poll that reads the answer.)
   */
  private answer<T>(command: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => setImmediate(() => reject(new Error(`did not answer within ${this.options.commandTimeoutMs} ms`))),
        this.options.commandTimeoutMs,
      );
      command.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }

  /**
   * Counts in memory from now on. A connection that stopped answering is replaced (a new one's 'ready'
   * writes back and switches to Redis again); a closed one ioredis reconnects by itself.
   */
  private connectionLost(error: Error): void {
    if (this.closing) return;
    const wasUsable = this.usable;
    this.usable = false;
    if (this.client.status === 'ready') this.client.disconnect(true);
    const now = Date.now();
    if (wasUsable || now - this.lastWarningAt >= WARNING_INTERVAL_MS) {
      this.options.logger.warn(
        `Redis is unreachable (${error.message}); this instance counts rate limits in its own memory until it answers again.`,
      );
      this.lastWarningAt = now;
    }
  }
}
