import type { Logger } from '@nestjs/common';
import Redis, { type Result } from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { HitResult } from './memory-hit-log';

/**
 * The sliding-window log in Redis, one atomic script per request. KEYS[1] is a sorted set of the admitted
 * requests scored by time in ms, taken from Redis's clock so every instance agrees; ARGV: window (ms),
 * limit, a unique member. Returns { admitted 0|1, count, ms until the oldest counted request leaves }.
 */
const SLIDING_WINDOW_HIT = `
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local admitted = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
  admitted = 1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return { admitted, count, tonumber(oldest[2]) + window - now }
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    slidingWindowHit(
      key: string,
      windowMs: number,
      limit: number,
      member: string,
    ): Result<[number, number, number], Context>;
  }
}

/** A Redis answer slower than this counts the request in memory instead. Redis answers in well under 1 ms. */
const COMMAND_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 2000;
/** After a failed command Redis is left alone this long, so a hung server slows one request, not all. */
const PAUSE_AFTER_FAILURE_MS = 2000;
/** While Redis stays unreachable the warning is repeated at most this often. */
const WARNING_INTERVAL_MS = 60_000;

/**
 * Counts requests in Redis while it answers. Never queues or waits for it: while Redis is unreachable
 * `hit` returns undefined at once (the caller counts elsewhere), and ioredis keeps reconnecting in the
 * background, every 2 s at most, for as long as the process runs.
 */
export class RedisHitLog {
  private readonly client: Redis;
  /** Members must be unique across instances and within one millisecond; short, as each is stored. */
  private readonly memberPrefix = randomBytes(6).toString('base64url');
  private sequence = 0;
  private reachable = false;
  private pausedUntil = 0;
  private lastWarningAt = Number.NEGATIVE_INFINITY;
  private closing = false;

  constructor(
    url: string,
    private readonly keyPrefix: string,
    private readonly logger: Logger,
  ) {
    this.client = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    this.client.defineCommand('slidingWindowHit', { numberOfKeys: 1, lua: SLIDING_WINDOW_HIT });
    this.client.on('ready', () => this.markReachable());
    this.client.on('error', (error: Error) => this.markUnreachable(error.message));
    this.client.on('close', () => this.markUnreachable('connection closed'));
  }

  /** Connects, waiting at most the connect timeout: the service starts (and counts in memory) without Redis. */
  async connect(): Promise<void> {
    try {
      await this.client.connect();
    } catch {
      // Already reported by the 'error' event; ioredis keeps retrying.
    }
  }

  /** Counts one request; undefined when Redis cannot answer right now. */
  async hit(key: string, limit: number, windowMs: number): Promise<HitResult | undefined> {
    if (this.client.status !== 'ready' || Date.now() < this.pausedUntil) return undefined;
    try {
      const [admitted, count, msUntilSlotFrees] = await this.client.slidingWindowHit(
        this.keyPrefix + key,
        windowMs,
        limit,
        `${this.memberPrefix}${(++this.sequence).toString(36)}`,
      );
      this.markReachable();
      return { admitted: admitted === 1, count, msUntilSlotFrees };
    } catch (error) {
      this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      this.markUnreachable((error as Error).message);
      return undefined;
    }
  }

  /** Whether Redis answers a PING now (for readiness). */
  async ping(): Promise<boolean> {
    if (this.client.status !== 'ready') return false;
    try {
      await this.client.ping();
      this.pausedUntil = 0;
      this.markReachable();
      return true;
    } catch (error) {
      this.markUnreachable((error as Error).message);
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

  private markReachable(): void {
    if (this.reachable) return;
    this.reachable = true;
    this.logger.log('Rate-limit counters are kept in Redis, shared by every instance.');
  }

  private markUnreachable(reason: string): void {
    if (this.closing) return;
    const now = Date.now();
    if (this.reachable || now - this.lastWarningAt >= WARNING_INTERVAL_MS) {
      this.logger.warn(
        `Redis is unreachable (${reason}); this instance counts rate limits in its own memory until it answers again.`,
      );
      this.lastWarningAt = now;
    }
    this.reachable = false;
  }
}
