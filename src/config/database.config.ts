import { ConfigType, registerAs } from '@nestjs/config';

export const databaseConfig = registerAs('database', () => ({
  /** Unset: an embedded PostgreSQL is started (see DatabaseServer). */
  url: process.env.DATABASE_URL || undefined,
  embeddedPort: Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329),
  poolMax: Number(process.env.DATABASE_POOL_MAX ?? 10),
  connectTimeoutMs: Number(process.env.DATABASE_CONNECT_TIMEOUT_MS ?? 5000),
  statementTimeoutMs: Number(process.env.DATABASE_STATEMENT_TIMEOUT_MS ?? 15000),
}));

export type DatabaseConfig = ConfigType<typeof databaseConfig>;
