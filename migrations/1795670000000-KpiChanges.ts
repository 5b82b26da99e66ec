import { MigrationInterface, QueryRunner } from 'typeorm';

/** LockSpace.KpiRollups (src/database/advisory-locks.ts), as the `KpiRollups` migration writes it out. */
const ROLLUP_LOCK_SPACE = 727_301;

/** A table whose rows the KPIs count, and the columns they read besides `vendor_id`. */
export interface Source {
  table: string;
  counted: string[];
}

/** Each module's count of changes to the rows its KPI counts read, and the tables it counts. */
export const CHANGE_COUNTS: { table: string; sources: Source[] }[] = [
  {
    table: 'reputation_changes',
    sources: [
      { table: 'reputation_events', counted: ['occurred_at', 'type', 'rating', 'would_refer', 'platform'] },
      { table: 'reputation_processes', counted: ['started_at', 'ended_at', 'state'] },
    ],
  },
  {
    table: 'feedback_request_changes',
    sources: [{ table: 'feedback_requests', counted: ['created_at', 'answered_at'] }],
  },
  {
    table: 'referral_request_changes',
    sources: [{ table: 'referral_requests', counted: ['created_at', 'completed_at', 'completed_channel'] }],
  },
];

/**
 * Each vendor's count of changes to the rows the KPIs count, one table per module beside its day
 * rollups: a row inserted or deleted, or a change to its vendor or to a column the counts read (an
 * update that touches none of them, as a reminder's, counts nothing). Kept by statement triggers in
 * the same transaction as the change, whichever statement makes it, so an instance that remembers a
 * vendor's KPIs knows they still hold by reading these numbers (see `ReputationKpiService`).
 *
 * As the rollups are changed: under the vendor's rollup lock, taken first and in vendor order, so that
 * two transactions writing the same vendor's rows in opposite orders do not deadlock on these rows.
 */
export class KpiChanges1795670000000 implements MigrationInterface {
  name = 'KpiChanges1795670000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table, sources } of CHANGE_COUNTS) {
      await queryRunner.query(
        `CREATE TABLE "${table}" ("vendor_id" integer PRIMARY KEY, "changes" bigint NOT NULL DEFAULT 0)`,
      );
      for (const source of sources) await createTriggers(queryRunner, table, source);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, sources } of [...CHANGE_COUNTS].reverse()) {
      for (const source of sources) {
        for (const operation of ['delete', 'update', 'insert']) {
          await queryRunner.query(`DROP TRIGGER "${source.table}_changes_${operation}" ON "${source.table}"`);
        }
        await queryRunner.query(`DROP FUNCTION "${source.table}_changes_apply"()`);
      }
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}

/**
 * What a change count's trigger does with the vendor ids of a statement's counted changes (one per
 * change, in `changedRows`). As first installed: the vendors' rollup locks, in vendor order, then the
 * sums added in vendor order.
 */
export type ChangesWrite = (table: string, changedRows: string) => string;

const lockAndAdd: ChangesWrite = (table, changedRows) => `
        PERFORM pg_advisory_xact_lock(${ROLLUP_LOCK_SPACE}, vendor_id)
           FROM (SELECT DISTINCT vendor_id FROM (${changedRows}) AS changed ORDER BY vendor_id) AS vendors;
        INSERT INTO ${table} AS counts (vendor_id, changes)
          SELECT vendor_id, count(*) FROM (${changedRows}) AS changed GROUP BY vendor_id ORDER BY vendor_id
          ON CONFLICT (vendor_id) DO UPDATE SET changes = counts.changes + excluded.changes;`;

/** The statement (re)defining the trigger function that counts `source`'s changes into `table` through `write`. */
export function changesFunction(table: string, { table: source, counted }: Source, write = lockAndAdd): string {
  const read = (row: string) => `(${['vendor_id', ...counted].map((column) => `${row}.${column}`).join(', ')})`;
  // A row moved to another vendor changes both vendors' counts.
  const updated = `
      SELECT changed.vendor_id FROM old_rows o JOIN new_rows n USING (id),
        LATERAL (VALUES (n.vendor_id), (nullif(o.vendor_id, n.vendor_id))) AS changed (vendor_id)
       WHERE ${read('o')} IS DISTINCT FROM ${read('n')} AND changed.vendor_id IS NOT NULL`;
  // Each branch references only the transition tables its operation has (plpgsql plans a branch when it runs).
  return `
    CREATE OR REPLACE FUNCTION "${source}_changes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${write(table, 'SELECT vendor_id FROM new_rows')}
      ELSIF TG_OP = 'UPDATE' THEN ${write(table, updated)}
      ELSE ${write(table, 'SELECT vendor_id FROM old_rows')}
      END IF;
      RETURN NULL;
    END $$`;
}

async function createTriggers(queryRunner: QueryRunner, table: string, source: Source) {
  await queryRunner.query(changesFunction(table, source));
  for (const [operation, referencing] of [
    ['insert', 'NEW TABLE AS new_rows'],
    ['update', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['delete', 'OLD TABLE AS old_rows'],
  ]) {
    await queryRunner.query(`
      CREATE TRIGGER "${source.table}_changes_${operation}" AFTER ${operation.toUpperCase()} ON "${source.table}"
        REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION "${source.table}_changes_apply"()`);
  }
}
