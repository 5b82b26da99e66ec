import { ConfigType, registerAs } from '@nestjs/config';
import { readEnvironment } from './env.validation';

export const rateLimitConfig = registerAs('rateLimit', () => {
  const env = readEnvironment();
  return {
    /** Requests one account (or one client IP without a valid token) may make per window. */
    limit: env.RATE_LIMIT_MAX,
    /** Length of the sliding window, in milliseconds. */
    windowMs: env.RATE_LIMIT_WINDOW_MS,
    /** Writes one account runs at once on this instance; the next wait, in order of arrival. */
    writesInFlight: env.WRITES_IN_FLIGHT_PER_ACCOUNT,
    /** Unset: counters in this process's memory. Set: shared by every instance through this Redis. */
    redisUrl: env.REDIS_URL,
    /** Prepended to every Redis key, so several deployments or test runs can share one Redis. */
    redisKeyPrefix: env.RATE_LIMIT_REDIS_PREFIX,
    /**
     * How long a request waits for Redis's answer. A slower answer is waited for (a busy Redis is not a lost
     * one); none within this time counts as a lost connection, and the instance counts in memory meanwhile.
     */
    redisTimeoutMs: env.RATE_LIMIT_REDIS_TIMEOUT_MS,
  };
});

export type RateLimitConfig = ConfigType<typeof rateLimitConfig>;
