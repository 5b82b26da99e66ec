import { ConfigType, registerAs } from '@nestjs/config';
import Joi from 'joi';
import { SettingsGroup, integer, optional, readSettings } from './settings/setting';

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

export const databaseConfig = registerAs('database', () => {
  const env = readSettings(databaseSettings);
  return {
    /** Unset: an embedded PostgreSQL is started (see EmbeddedDatabaseModule). */
    url: env.DATABASE_URL,
    /** Unset: chosen free and kept in DATA_DIR/postgres.port. */
    embeddedPort: env.EMBEDDED_POSTGRES_PORT,
    poolMax: env.DATABASE_POOL_MAX,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  };
});

export type DatabaseConfig = ConfigType<typeof databaseConfig>;
