import { ConfigType, registerAs } from '@nestjs/config';

export const databaseConfig = registerAs('database', () => ({
  /** Unset: an embedded PostgreSQL is started (see DatabaseServer). */
  url: process.env.DATABASE_URL || undefined,
  /** Unset: chosen free and kept in DATA_DIR/postgres.port. */
  embeddedPort: process.env.EMBEDDED_POSTGRES_PORT ? Number(process.env.EMBEDDED_POSTGRES_PORT) : undefined,
  poolMax: Number(process.env.DATABASE_POOL_MAX ?? 10),
  connectTimeoutMs: Number(process.env.DATABASE_CONNECT_TIMEOUT_MS ?? 5000),
  statementTimeoutMs: Number(process.env.DATABASE_STATEMENT_TIMEOUT_MS ?? 15000),
}));

export type DatabaseConfig = ConfigType<typeof databaseConfig>;
