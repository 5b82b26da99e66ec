import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { LockSpace } from '../../src/database/advisory-locks';
import { DATABASE_SQL } from '../../src/database/database.sql';
import { Sql } from '../../src/database/sql';
import { type TestApp, createTestApp } from '../support/test-app';

/**
 * `Sql` runs a statement of a transaction on the transaction's own connection (its query runner's),
 * prepared or not. Work left running after the transaction no longer finds it in its context, so its
 * statements go to the pool rather than to a connection handed back to it (perhaps to another request).
 */
describe('Statements of a transaction through Sql (e2e)', () => {
  let t: TestApp;
  let sql: Sql;
  let txHost: TransactionHost<TransactionalAdapterTypeOrm>;
  const key = { space: LockSpace.ReviewRequestDuplicates, id: 2_000_000_001 };

  beforeAll(async () => {
    t = await createTestApp();
    sql = t.app.get(Sql);
    txHost = t.app.get(TransactionHost<TransactionalAdapterTypeOrm>);
  });
  afterAll(() => t.close());

  it('run on the transaction’s connection while it is open, and not once it has ended', async () => {
    let endOfTransaction!: () => void;
    const ended = new Promise<void>((resolve) => (endOfTransaction = resolve));
    const { heldByTransaction, outliving } = await txHost.withTransaction(async () => {
      await sql.run(DATABASE_SQL.lock.bind(key));
      const [{ held }] = await txHost.tx.query(
        `SELECT count(*)::int AS held FROM pg_locks
          WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND classid = $1 AND objid = $2 AND granted`,
        [key.space, key.id],
      );
      const late = (async () => {
        await ended;
        const inTransaction = txHost.isTransactionActive();
        await sql.run(DATABASE_SQL.lock.bind(key));
        return inTransaction;
      })();
      return { heldByTransaction: held, outliving: late };
    });
    endOfTransaction();
    expect(heldByTransaction).toBe(1);
    await expect(outliving).resolves.toBe(false);
  });
});
