import type { DataSource } from 'typeorm';
import { DATABASE_SQL } from './database.sql';

// Any constant works; it only has to be the same for every instance of this service.
export const MIGRATION_LOCK_KEY = 727_001;

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock, so instances starting together
 * apply each migration once: the others wait, then find nothing left to run.
 *
 * The lock is transaction-scoped and held by a transaction kept open around the migrations: behind
 * PgBouncer in transaction mode that transaction stays on one server connection, and the lock ends
 * with it (commit, rollback or a dead process), where a session lock could be taken and released on
 * different server connections, or outlive the instance on an idle one.
 */
export async function runMigrationsExclusively(dataSource: DataSource): Promise<void> {
  const lockHolder = dataSource.createQueryRunner();
  await lockHolder.connect();
  try {
    await lockHolder.startTransaction();
    const lock = DATABASE_SQL.lockKey.bind({ key: MIGRATION_LOCK_KEY });
    await lockHolder.query(lock.sql, lock.parameters);
    try {
      await dataSource.runMigrations();
    } finally {
      await lockHolder.commitTransaction();
    }
  } finally {
    await lockHolder.release();
  }
}
