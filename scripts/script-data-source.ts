import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source.options';
import { PgPool } from '../src/database/pg-pool';

/**
 * The service's connection options, for a script's bulk work: long statements allowed and no
 * slow-statement warnings (the seeding is slow on purpose). Its pool is held by `pgPool` for `Sql`.
 */
export function scriptDataSource(url: string, poolMax = 4, pgPool = new PgPool()): DataSource {
  return new DataSource({
    ...dataSourceOptions({ url, poolMax, connectTimeoutMs: 5000, statementTimeoutMs: 1_800_000 }),
    driver: pgPool.driver(),
    maxQueryExecutionTime: undefined,
  });
}
