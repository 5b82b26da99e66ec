import Joi from 'joi';
import { SettingsGroup, integer, optional, withDefault } from './setting';

export const databaseSettings = {
  title: 'Database',
  settings: {
    DATABASE_URL: optional(
      Joi.string().uri({ scheme: ['postgres', 'postgresql'] }),
      'PostgreSQL to use; unset starts the embedded server',
    ),
    EMBEDDED_POSTGRES_PORT: optional(
      Joi.number().port(),
      'port of the embedded server; unset: a free port is chosen on the first start and kept in `DATA_DIR/postgres.port`',
      'chosen',
    ),
    DATABASE_POOL_MAX: integer(2, 200, 10, 'connection pool size'),
    DATABASE_CONNECT_TIMEOUT_MS: integer(
      100,
      undefined,
      5000,
      'waiting for a pooled connection fails after this (503)',
    ),
    DATABASE_STATEMENT_TIMEOUT_MS: integer(100, undefined, 15_000, 'PostgreSQL `statement_timeout`'),
  },
} satisfies SettingsGroup;

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
    REFERRAL_SHARE_LINK_DAILY_CONVERSIONS: integer(
      1,
      10_000,
      20,
      "contact requests one customer's share link takes in any 24 hours (1..10000); the next is refused with a page saying so ([API6](security.md#api6-unrestricted-access-to-sensitive-business-flows))",
    ),
  },
} satisfies SettingsGroup;
