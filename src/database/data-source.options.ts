import type { DataSourceOptions } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import { TypeOrmLogger } from './typeorm-logger';
import { MIGRATIONS } from '../../migrations';

export interface DatabaseConnectionSettings {
  url: string;
  poolMax: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

/** Statements slower than this are logged as warnings. */
export const SLOW_QUERY_MS = 1000;

/**
 * Session settings of every pooled connection. The service runs short statements many at a time:
 * forking parallel workers for each one (PostgreSQL's default for counts over a few thousand rows)
 * costs more CPU under load than it saves (filter-counts at 20 clients: 267 req/s with them, 933 without).
 */
export const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/** One definition of how the service talks to PostgreSQL, shared by the app, the CLI and the migration tooling. */
export function dataSourceOptions(settings: DatabaseConnectionSettings): DataSourceOptions & { type: 'postgres' } {
  return {
    type: 'postgres',
    url: settings.url,
    namingStrategy: new SnakeNamingStrategy(),
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    // Each its own transaction: an enum value a migration adds is committed before a later one uses it.
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error', 'warn', 'migration'],
    logger: new TypeOrmLogger(['error', 'warn', 'migration']),
    maxQueryExecutionTime: SLOW_QUERY_MS,
    extra: {
      max: settings.poolMax,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      statement_timeout: settings.statementTimeoutMs,
      idleTimeoutMillis: 30_000,
      options: SESSION_OPTIONS,
    },
  };
}
