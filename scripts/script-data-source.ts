import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source.options';

/**
 * The service's connection options, for a script's bulk work: long statements allowed and no
 * slow-statement warnings (the seeding is slow on purpose).
 */
export function scriptDataSource(url: string, poolMax = 4): DataSource {
  return new DataSource({
    ...dataSourceOptions({ url, poolMax, connectTimeoutMs: 5000, statementTimeoutMs: 1_800_000 }),
    maxQueryExecutionTime: undefined,
  });
}
