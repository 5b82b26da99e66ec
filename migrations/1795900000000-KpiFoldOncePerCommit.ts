import { MigrationInterface, QueryRunner } from 'typeorm';

/** LockSpace.KpiRollups (src/database/advisory-locks.ts), as the `KpiRollups` migration writes it out. */
const ROLLUP_LOCK_SPACE = 727_301;

/** The pending tables of the KPI counts (the `KpiCountsAtCommit` migration), each with its count's key and sums. */
const PENDING: { table: string; keys: string[]; sums: string[] }[] = [
  {
    table: 'reputation_event_days',
    keys: ['vendor_id', 'day', 'type', 'rating', 'would_refer', 'platform'],
    sums: ['n'],
  },
  { table: 'reputation_process_days', keys: ['vendor_id', 'start_day', 'end_day', 'state'], sums: ['n'] },
  { table: 'feedback_request_days', keys: ['vendor_id', 'start_day', 'end_day'], sums: ['n'] },
  { table: 'referral_request_days', keys: ['vendor_id', 'start_day', 'end_day', 'completed_channel'], sums: ['n'] },
  { table: 'reputation_changes', keys: ['vendor_id'], sums: ['changes'] },
  { table: 'feedback_request_changes', keys: ['vendor_id'], sums: ['changes'] },
  { table: 'referral_request_changes', keys: ['vendor_id'], sums: ['changes'] },
];

const ownRows = (table: string) => `${table}_pending WHERE xact = pg_current_xact_id()`;

/** As `KpiCountsAtCommit` writes it: this transaction's deltas of one table of counts moved into it. */
function fold({ table, keys, sums }: (typeof PENDING)[number]): string {
  const list = keys.join(', ');
  return `
      WITH moved AS (DELETE FROM ${ownRows(table)} RETURNING ${[...keys, ...sums].join(', ')})
      INSERT INTO ${table} AS counts (${list}, ${sums.join(', ')})
        SELECT ${list}, ${sums.map((sum) => `sum(${sum})`).join(', ')} FROM moved
         GROUP BY ${list} HAVING ${sums.map((sum) => `sum(${sum}) <> 0`).join(' OR ')} ORDER BY ${list}
        ON CONFLICT (${list}) DO UPDATE SET ${sums.map((sum) => `${sum} = counts.${sum} + excluded.${sum}`).join(', ')};`;
}

/** The fold function, with `guard` before it takes the vendors' locks. */
function foldFunction(guard: string): string {
  const vendors = PENDING.map(({ table }) => `SELECT vendor_id FROM ${ownRows(table)}`).join(' UNION ');
  return `
      CREATE OR REPLACE FUNCTION "kpi_counts_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN${guard}
        PERFORM pg_advisory_xact_lock(${ROLLUP_LOCK_SPACE}, vendor_id) FROM (${vendors} ORDER BY vendor_id) AS vendors;
        IF NOT FOUND THEN RETURN NULL; END IF;
        ${PENDING.map(fold).join('')}
        RETURN NULL;
      END $$`;
}

/**
 * The fold at commit runs once per pending row (a constraint trigger is per row): a review request
 * leaves four, and each firing looked for the transaction's rows in all seven pending tables before it
 * found that the first had folded them. Now a firing first looks in its own table only: the first
 * firing folds every table, so the later ones find their own rows gone and stop there. A row written
 * after a fold (none is, the folds run at commit) still has its own firing, which finds it.
 */
export class KpiFoldOncePerCommit1795900000000 implements MigrationInterface {
  name = 'KpiFoldOncePerCommit1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const own = PENDING.map(
      ({ table }) => `WHEN '${table}_pending' THEN EXISTS (SELECT 1 FROM ${ownRows(table)})`,
    ).join('\n              ');
    await queryRunner.query(
      foldFunction(`
        IF NOT (CASE TG_TABLE_NAME
              ${own}
              ELSE true END) THEN
          RETURN NULL;
        END IF;`),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(foldFunction(''));
  }
}
