import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { MIGRATION_LOCK_KEY, runMigrationsExclusively } from '../../src/database/migrate';
import { adminQuery, assertTestDatabase, databaseUrl } from '../support/test-database';

interface LockHolder {
  state: string;
  inTransaction: boolean;
}

/** What the session holding the migration lock is doing, seen from inside a migration. */
class ObserveLockHolder implements MigrationInterface {
  static seen: LockHolder[] = [];
  name = 'ObserveLockHolder1700000000000';

  async up(runner: QueryRunner): Promise<void> {
    const rows: { state: string; in_transaction: boolean }[] = await runner.query(
      `SELECT a.state, a.xact_start IS NOT NULL AS in_transaction
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.objid = $1 AND l.database =
              (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [MIGRATION_LOCK_KEY],
    );
    ObserveLockHolder.seen = rows.map((row) => ({ state: row.state, inTransaction: row.in_transaction }));
  }

  async down(): Promise<void> {}
}

// Behind PgBouncer in transaction mode a session lock taken outside a transaction may be taken and
// released on different server connections; the migration lock must live inside one transaction.
describe('migration lock', () => {
  const name = `test_migration_lock_${process.pid}`;
  let dataSource: DataSource;

  beforeAll(async () => {
    assertTestDatabase(name);
    await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
    await adminQuery(`CREATE DATABASE ${name}`);
    dataSource = new DataSource({ type: 'postgres', url: databaseUrl(name), migrations: [ObserveLockHolder] });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
  });

  it('is held by one open transaction while migrations run, and released when they end', async () => {
    await runMigrationsExclusively(dataSource);

    expect(ObserveLockHolder.seen).toEqual([{ state: 'idle in transaction', inTransaction: true }]);
    const held: { count: number }[] = await dataSource.query(
      `SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory' AND objid = $1
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [MIGRATION_LOCK_KEY],
    );
    expect(held[0].count).toBe(0);
  });
});
