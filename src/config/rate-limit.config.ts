import { ConfigType, registerAs } from '@nestjs/config';
import Joi from 'joi';
import { SettingsGroup, integer, optional, readSettings, withDefault } from './settings/setting';

export const rateLimitSettings = {
  title: 'Rate limits',
  settings: {
    RATE_LIMIT_MAX: integer(
      1,
      1_000_000,
      250,
      'requests admitted per account (or client IP without a valid token) per window',
    ),
    RATE_LIMIT_WINDOW_MS: integer(
      1000,
      86_400_000,
      300_000,
      'the sliding window (5 minutes); the 429 text states these two numbers',
    ),
    WRITES_IN_FLIGHT_PER_ACCOUNT: integer(
      1,
      200,
      4,
      "writes one account runs at once on an instance (1..200); its next writes wait their turn, so one account's burst leaves the database pool to every other account and the outbox workers (reads are not held back)",
    ),
    REDIS_URL: optional(
      Joi.string().uri({ scheme: ['redis', 'rediss'] }),
      '`redis://` or `rediss://`; set: counters shared by every instance; unset: in memory',
    ),
    RATE_LIMIT_REDIS_PREFIX: withDefault(
      Joi.string().max(100),
      'rate-limit:',
      'prefix of the rate-limit keys in Redis',
    ),
    RATE_LIMIT_REDIS_TIMEOUT_MS: integer(
      100,
      60_000,
      2000,
      'how long a request waits for Redis (100..60000); no answer in that time counts as a lost connection',
    ),
  },
} satisfies SettingsGroup;

export const rateLimitConfig = registerAs('rateLimit', () => {
  const env = readSettings(rateLimitSettings);
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
