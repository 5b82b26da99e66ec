import { MigrationInterface, QueryRunner } from 'typeorm';
import { CHANGE_COUNTS, type ChangesWrite, changesFunction } from './1795670000000-KpiChanges';
import { ROLLUPS, type Rollup, type RollupWrite, rollupFunction } from './1795530000000-KpiRollups';

/** LockSpace.KpiRollups (src/database/advisory-locks.ts), as the `KpiRollups` migration writes it out. */
const ROLLUP_LOCK_SPACE = 727_301;

/** A table of counts the KPI triggers keep: the columns that key a row, and the ones added up. */
interface Counts {
  table: string;
  keys: string[];
  sums: string[];
}

const COUNTS: Counts[] = [
  ...ROLLUPS.map(({ table, keys }: Rollup) => ({ table, keys: Object.keys(keys), sums: ['n'] })),
  ...CHANGE_COUNTS.map(({ table }) => ({ table, keys: ['vendor_id'], sums: ['changes'] })),
];

const pending = (table: string) => `${table}_pending`;

/** This transaction's rows of a pending table (each holds only its writer's rows until that commits). */
const ownRows = (table: string) => `${pending(table)} WHERE xact = pg_current_xact_id()`;

const toPendingRollup: RollupWrite = ({ table, keys }, changed) => `
        INSERT INTO ${pending(table)} (${Object.keys(keys).join(', ')}, n) ${changed};`;

const toPendingChanges: ChangesWrite = (table, changedRows) => `
        INSERT INTO ${pending(table)} (vendor_id, changes)
          SELECT vendor_id, count(*) FROM (${changedRows}) AS changed GROUP BY vendor_id;`;

/** Moves this transaction's deltas of one table of counts into it, summed per key, in key order. */
function fold({ table, keys, sums }: Counts): string {
  const list = keys.join(', ');
  return `
      WITH moved AS (DELETE FROM ${ownRows(table)} RETURNING ${[...keys, ...sums].join(', ')})
      INSERT INTO ${table} AS counts (${list}, ${sums.join(', ')})
        SELECT ${list}, ${sums.map((sum) => `sum(${sum})`).join(', ')} FROM moved
         GROUP BY ${list} HAVING ${sums.map((sum) => `sum(${sum}) <> 0`).join(' OR ')} ORDER BY ${list}
        ON CONFLICT (${list}) DO UPDATE SET ${sums.map((sum) => `${sum} = counts.${sum} + excluded.${sum}`).join(', ')};`;
}

/**
 * The KPI counts (the day rollups and the change counts) are written when the transaction commits,
 * no longer at each statement. Before, the first counted write of a vendor's transaction (a new
 * process, at the start of a review request) took the vendor's rollup lock and its counts' rows and
 * held them to the commit, so the vendor's requests ran one whole transaction after another, each
 * waiting with a pooled connection: a campaign of one vendor took the pool from everyone else.
 *
 * Now each statement trigger adds its summed deltas to an unlogged pending table of its counts, with
 * the transaction's id, and a deferred constraint trigger on the pending tables folds them into the
 * counts at commit: the vendor locks of every pending row first, in vendor order (as before, so two
 * transactions writing one vendor's counts in opposite orders cannot deadlock), then each table's
 * upsert in key order. The lock is held from the fold to the end of the commit. The first fold of a
 * transaction moves all its rows, the later ones find none. Pending rows never outlive their
 * transaction, so an unlogged table (not written to the WAL, emptied by a crash) loses nothing.
 *
 * Within its own transaction a write no longer shows in the counts until it commits; only readers
 * in other transactions read the counts.
 */
export class KpiCountsAtCommit1795730000000 implements MigrationInterface {
  name = 'KpiCountsAtCommit1795730000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table } of COUNTS) {
      await queryRunner.query(`
        CREATE UNLOGGED TABLE "${pending(table)}" (LIKE "${table}", "xact" xid8 NOT NULL DEFAULT pg_current_xact_id())`);
      await queryRunner.query(`CREATE INDEX "idx_${pending(table)}_xact" ON "${pending(table)}" ("xact")`);
    }
    const vendors = COUNTS.map(({ table }) => `SELECT vendor_id FROM ${ownRows(table)}`).join(' UNION ');
    await queryRunner.query(`
      CREATE FUNCTION "kpi_counts_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(${ROLLUP_LOCK_SPACE}, vendor_id) FROM (${vendors} ORDER BY vendor_id) AS vendors;
        IF NOT FOUND THEN RETURN NULL; END IF;
        ${COUNTS.map(fold).join('')}
        RETURN NULL;
      END $$`);
    for (const { table } of COUNTS) {
      await queryRunner.query(`
        CREATE CONSTRAINT TRIGGER "${pending(table)}_fold" AFTER INSERT ON "${pending(table)}"
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "kpi_counts_fold"()`);
    }
    for (const rollup of ROLLUPS) await queryRunner.query(rollupFunction(rollup, toPendingRollup));
    for (const { table, sources } of CHANGE_COUNTS) {
      for (const source of sources) await queryRunner.query(changesFunction(table, source, toPendingChanges));
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const rollup of ROLLUPS) await queryRunner.query(rollupFunction(rollup));
    for (const { table, sources } of CHANGE_COUNTS) {
      for (const source of sources) await queryRunner.query(changesFunction(table, source));
    }
    for (const { table } of COUNTS) await queryRunner.query(`DROP TABLE "${pending(table)}"`);
    await queryRunner.query(`DROP FUNCTION "kpi_counts_fold"()`);
  }
}
