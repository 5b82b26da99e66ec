import { ConfigType, registerAs } from '@nestjs/config';
import { readEnvironment } from './env.validation';

export const databaseConfig = registerAs('database', () => {
  const env = readEnvironment();
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
