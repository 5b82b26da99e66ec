import { ConfigType, registerAs } from '@nestjs/config';

export const rateLimitConfig = registerAs('rateLimit', () => ({
  /** Requests one account (or one client IP without a valid token) may make per window. */
  limit: Number(process.env.RATE_LIMIT_MAX ?? 250),
  /** Length of the sliding window, in milliseconds. */
  windowMs: Number(process.env.RATE_LIMIT_WINDOW_MS ?? 300_000),
  /** Unset: counters in this process's memory. Set: shared by every instance through this Redis. */
  redisUrl: process.env.REDIS_URL || undefined,
  /** Prepended to every Redis key, so several deployments or test runs can share one Redis. */
  redisKeyPrefix: process.env.RATE_LIMIT_REDIS_PREFIX ?? 'rate-limit:',
  /**
   * How long a request waits for Redis's answer. A slower answer is waited for (a busy Redis is not a lost
   * one); none within this time counts as a lost connection, and the instance counts in memory meanwhile.
   */
  redisTimeoutMs: Number(process.env.RATE_LIMIT_REDIS_TIMEOUT_MS ?? 2000),
}));

export type RateLimitConfig = ConfigType<typeof rateLimitConfig>;
