import type { DataSource } from 'typeorm';

// Any constant works; it only has to be the same for every instance of this service.
export const MIGRATION_LOCK_KEY = 727_001;

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock, so instances starting together
 * apply each migration once: the others wait, then find nothing left to run.
 */
export async function runMigrationsExclusively(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}
