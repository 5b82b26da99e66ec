import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { RateLimitConfig, rateLimitConfig } from '../config/rate-limit.config';
import { MemoryHitLog } from './memory-hit-log';
import { Clock } from '../common/time/clock';
import { RedisHitLog } from './redis-hit-log';

/** The package does not export its record type by name. */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Idle keys are forgotten this often; a key lives at most one window past its last request. */
const SWEEP_INTERVAL_MS = 60_000;

export type RateLimitStatus = {
  /** Where requests are being counted right now. */
  storage: 'redis' | 'memory';
  /** Only when REDIS_URL is set. */
  redis?: 'up' | 'down';
};

/**
 * The throttler's storage: a sliding-window log per key, so at most `limit` requests are admitted in
 * any window and Retry-After is exactly when the oldest of them leaves it. With REDIS_URL the log is
 * in Redis, shared by every instance, and a slow answer is waited for; while the connection to Redis is
 * lost this instance counts in its own memory (fail open: requests keep being served, and limited per
 * instance), and writes those counts back to Redis when it is reconnected (RedisHitLog).
 */
@Injectable()
export class RateLimitStorage implements ThrottlerStorage, OnModuleInit, OnApplicationShutdown {
  private readonly memory = new MemoryHitLog();
  private readonly redis?: RedisHitLog;
  private sweeper?: NodeJS.Timeout;

  constructor(
    @Inject(rateLimitConfig.KEY) config: RateLimitConfig,
    private readonly clock: Clock,
  ) {
    if (config.redisUrl) {
      this.redis = new RedisHitLog(
        {
          url: config.redisUrl,
          keyPrefix: config.redisKeyPrefix,
          commandTimeoutMs: config.redisTimeoutMs,
          logger: new Logger(RateLimitStorage.name),
          now: () => clock.now().getTime(),
        },
        this.memory,
      );
    }
  }

  async onModuleInit(): Promise<void> {
    this.sweeper = setInterval(() => this.memory.sweep(this.clock.now().getTime()), SWEEP_INTERVAL_MS).unref();
    await this.redis?.connect();
  }

  /** After the HTTP server has stopped, so requests still in flight are counted. */
  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    await this.redis?.close();
  }

  /** `ttl` is the window in ms; the record's times are whole seconds, as the guard puts them in headers. */
  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const hit = this.redis
      ? await this.redis.hit(key, limit, ttl)
      : this.memory.hit(key, limit, ttl, this.clock.now().getTime());
    const secondsUntilSlotFrees = Math.ceil(hit.msUntilSlotFrees / 1000);
    return {
      totalHits: hit.admitted ? hit.count : hit.count + 1,
      timeToExpire: secondsUntilSlotFrees,
      isBlocked: !hit.admitted,
      timeToBlockExpire: hit.admitted ? 0 : secondsUntilSlotFrees,
    };
  }

  async status(): Promise<RateLimitStatus> {
    if (!this.redis) return { storage: 'memory' };
    return (await this.redis.ping()) ? { storage: 'redis', redis: 'up' } : { storage: 'memory', redis: 'down' };
  }
}
