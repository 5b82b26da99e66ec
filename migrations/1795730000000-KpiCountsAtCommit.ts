import { MigrationInterface, QueryRunner } from 'typeorm';

/** LockSpace.KpiRollups (src/database/advisory-locks.ts), as the `KpiRollups` migration writes it out. */
const ROLLUP_LOCK_SPACE = 727_301;

// Written out from the `KpiRollups` migration: a migration does not change when an older one is edited.
/** The UTC calendar day of a timestamptz, whatever the session's time zone. */
const utcDay = (timestamp: string): string => `(${timestamp} AT TIME ZONE 'UTC')::date`;

/** A row that may not have ended yet rolls up under the end day 'infinity'. */
const endDay = (timestamp: string): string => `coalesce(${utcDay(timestamp)}, 'infinity')`;

/** A rollup: how many rows of `source` share each key (its columns, computed from the source row). */
interface Rollup {
  table: string;
  source: string;
  keys: Record<string, { type: string; from: string; nullable?: true }>;
}

const ROLLUPS: Rollup[] = [
  {
    table: 'reputation_event_days',
    source: 'reputation_events',
    keys: {
      vendor_id: { type: 'integer', from: 'vendor_id' },
      day: { type: 'date', from: utcDay('occurred_at') },
      type: { type: 'reputation_event_type', from: 'type' },
      rating: { type: 'smallint', from: 'rating', nullable: true },
      would_refer: { type: 'boolean', from: 'would_refer', nullable: true },
      platform: { type: 'review_platform', from: 'platform', nullable: true },
    },
  },
  {
    table: 'reputation_process_days',
    source: 'reputation_processes',
    keys: {
      vendor_id: { type: 'integer', from: 'vendor_id' },
      start_day: { type: 'date', from: utcDay('started_at') },
      end_day: { type: 'date', from: endDay('ended_at') },
      state: { type: 'reputation_process_state', from: 'state' },
    },
  },
  {
    table: 'feedback_request_days',
    source: 'feedback_requests',
    keys: {
      vendor_id: { type: 'integer', from: 'vendor_id' },
      start_day: { type: 'date', from: utcDay('created_at') },
      end_day: { type: 'date', from: endDay('answered_at') },
    },
  },
  {
    table: 'referral_request_days',
    source: 'referral_requests',
    keys: {
      vendor_id: { type: 'integer', from: 'vendor_id' },
      start_day: { type: 'date', from: utcDay('created_at') },
      end_day: { type: 'date', from: endDay('completed_at') },
      completed_channel: { type: 'referral_request_channel', from: 'completed_channel', nullable: true },
    },
  },
];

/**
 * What a rollup's trigger does with a statement's deltas: `changed` selects the key columns (in
 * order) and `n`, summed per key and nonzero. As first installed: the vendors' rollup locks, in
 * vendor order, then the upsert in key order.
 */
type RollupWrite = (rollup: Rollup, changed: string) => string;

/** The rollup's key columns computed from a source row, each named as the rollup names it. */
const keyedColumns = ({ keys }: Rollup): string =>
  Object.keys(keys)
    .map((column) => `${keys[column].from} AS ${column}`)
    .join(', ');

const lockAndUpsert: RollupWrite = ({ table, keys }, changed) => {
  const list = Object.keys(keys).join(', ');
  return `
        PERFORM pg_advisory_xact_lock(${ROLLUP_LOCK_SPACE}, vendor_id)
           FROM (SELECT DISTINCT vendor_id FROM (${changed}) AS changed ORDER BY vendor_id) AS vendors;
        INSERT INTO ${table} AS counts (${list}, n)
          SELECT * FROM (${changed}) AS changed ORDER BY ${list}
          ON CONFLICT (${list}) DO UPDATE SET n = counts.n + excluded.n;`;
};

/** The statement (re)defining the rollup's trigger function, which passes each statement's deltas to `write`. */
function rollupFunction(rollup: Rollup, write: RollupWrite = lockAndUpsert): string {
  const { table, keys } = rollup;
  const list = Object.keys(keys).join(', ');
  const computed = (rows: string, sign: string) => `SELECT ${keyedColumns(rollup)}, ${sign}1 AS n FROM ${rows}`;
  const delta = (source: string) =>
    write(rollup, `SELECT ${list}, sum(n) AS n FROM (${source}) AS delta GROUP BY ${list} HAVING sum(n) <> 0`);
  // Each branch references only the transition tables its operation has (plpgsql plans a branch when it runs).
  return `
    CREATE OR REPLACE FUNCTION "${table}_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${delta(computed('new_rows', '+'))}
      ELSIF TG_OP = 'UPDATE' THEN ${delta(`${computed('new_rows', '+')} UNION ALL ${computed('old_rows', '-')}`)}
      ELSE ${delta(computed('old_rows', '-'))}
      END IF;
      RETURN NULL;
    END $$`;
}

// Written out from the `KpiChanges` migration.
/** A table whose rows the KPIs count, and the columns they read besides `vendor_id`. */
interface Source {
  table: string;
  counted: string[];
}

/** Each module's count of changes to the rows its KPI counts read, and the tables it counts. */
const CHANGE_COUNTS: { table: string; sources: Source[] }[] = [
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
 * What a change count's trigger does with the vendor ids of a statement's counted changes (one per
 * change, in `changedRows`). As first installed: the vendors' rollup locks, in vendor order, then the
 * sums added in vendor order.
 */
type ChangesWrite = (table: string, changedRows: string) => string;

const lockAndAdd: ChangesWrite = (table, changedRows) => `
        PERFORM pg_advisory_xact_lock(${ROLLUP_LOCK_SPACE}, vendor_id)
           FROM (SELECT DISTINCT vendor_id FROM (${changedRows}) AS changed ORDER BY vendor_id) AS vendors;
        INSERT INTO ${table} AS counts (vendor_id, changes)
          SELECT vendor_id, count(*) FROM (${changedRows}) AS changed GROUP BY vendor_id ORDER BY vendor_id
          ON CONFLICT (vendor_id) DO UPDATE SET changes = counts.changes + excluded.changes;`;

/** The statement (re)defining the trigger function that counts `source`'s changes into `table` through `write`. */
function changesFunction(table: string, { table: source, counted }: Source, write = lockAndAdd): string {
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
