import { MigrationInterface, QueryRunner } from 'typeorm';

/** The UTC calendar day of a timestamptz, whatever the session's time zone. */
const utcDay = (timestamp: string): string => `(${timestamp} AT TIME ZONE 'UTC')::date`;

/** A row that may not have ended yet rolls up under the end day 'infinity'. */
const endDay = (timestamp: string): string => `coalesce(${utcDay(timestamp)}, 'infinity')`;

/**
 * LockSpace.KpiRollups (src/database/advisory-locks.ts), written out: a migration does not change with
 * the code. Each vendor's counts are changed under this transaction lock, taken before any of its rollup
 * rows: a transaction writing two rollups (a process, then its feedback request) and another writing
 * them the other way round (answering that request completes the process) would otherwise lock the same
 * two rows in opposite orders and deadlock.
 */
const ROLLUP_LOCK_SPACE = 727_301;

/** A rollup: how many rows of `source` share each key (its columns, computed from the source row). */
export interface Rollup {
  table: string;
  source: string;
  keys: Record<string, { type: string; from: string; nullable?: true }>;
}

export const ROLLUPS: Rollup[] = [
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
 * Per-vendor, per-UTC-day counts for GET /reputation-process/kpi, so that it reads a few rows per day
 * instead of scanning every event and request of the vendor (100,000 processes: ~300 ms). Each rollup
 * belongs to the module that owns its source table and is read only by that module's counts
 * repository (see src/database/day-rollups.ts for how a window is answered exactly from them).
 *
 * Kept by statement triggers with transition tables, as `vendor_lead_counts` is: in the same
 * transaction as the change, whatever writes the rows (the services, the CLI, the seed scripts,
 * cascades), without a second code path to forget; a bulk insert updates each key once. The deltas
 * of a statement are summed per key (an update that does not move a row between keys sums to zero
 * and writes nothing, nor locks anything) and upserted in key order, after the vendor's rollup lock
 * (below): one vendor's reputation writes that change counts commit one after the other, as its new
 * processes of a day did anyway on their shared row.
 * A key's row stays when its count returns to 0. No foreign key to `vendors`: the source rows hold
 * one, and their deletion (a cascade included) brings the counts down to 0 through the trigger.
 *
 * Processes, feedback requests and referral requests roll up by start day and end day (infinity
 * while open), which answers both "started in the window" and "still open at its end". The source
 * tables are locked while the triggers are created and the rollups filled, so that no write of an
 * older instance is missed between the two.
 */
export class KpiRollups1795530000000 implements MigrationInterface {
  name = 'KpiRollups1795530000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `LOCK TABLE ${ROLLUPS.map((rollup) => `"${rollup.source}"`).join(', ')} IN SHARE ROW EXCLUSIVE MODE`,
    );
    for (const rollup of ROLLUPS) await createRollup(queryRunner, rollup);
    await queryRunner.query(`
      CREATE INDEX "idx_reputation_processes_vendor_ended" ON "reputation_processes" ("vendor_id", "ended_at")
        INCLUDE ("started_at", "state") WHERE "ended_at" IS NOT NULL`);
    await queryRunner.query(`
      CREATE INDEX "idx_feedback_requests_vendor_answered" ON "feedback_requests" ("vendor_id", "answered_at")
        INCLUDE ("created_at") WHERE "answered_at" IS NOT NULL`);
    await queryRunner.query(`
      CREATE INDEX "idx_referral_requests_vendor_completed" ON "referral_requests" ("vendor_id", "completed_at")
        INCLUDE ("created_at", "completed_channel") WHERE "completed_at" IS NOT NULL`);
    await queryRunner.query(`
      CREATE INDEX "idx_notification_outbox_vendor_failed" ON "notification_outbox" ("vendor_id", "purpose")
        INCLUDE ("subject_id") WHERE "status" = 'FAILED'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_notification_outbox_vendor_failed"`);
    await queryRunner.query(`DROP INDEX "idx_referral_requests_vendor_completed"`);
    await queryRunner.query(`DROP INDEX "idx_feedback_requests_vendor_answered"`);
    await queryRunner.query(`DROP INDEX "idx_reputation_processes_vendor_ended"`);
    for (const { table, source } of [...ROLLUPS].reverse()) {
      for (const operation of ['delete', 'update', 'insert']) {
        await queryRunner.query(`DROP TRIGGER "${table}_${operation}" ON "${source}"`);
      }
      await queryRunner.query(`DROP FUNCTION "${table}_apply"()`);
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}

/**
 * What a rollup's trigger does with a statement's deltas: `changed` selects the key columns (in
 * order) and `n`, summed per key and nonzero. As first installed: the vendors' rollup locks, in
 * vendor order, then the upsert in key order.
 */
export type RollupWrite = (rollup: Rollup, changed: string) => string;

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
export function rollupFunction(rollup: Rollup, write: RollupWrite = lockAndUpsert): string {
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

async function createRollup(queryRunner: QueryRunner, rollup: Rollup): Promise<void> {
  const { table, source, keys } = rollup;
  const columns = Object.keys(keys);
  const list = columns.join(', ');
  await queryRunner.query(`
    CREATE TABLE "${table}" (
      ${columns.map((column) => `"${column}" ${keys[column].type}${keys[column].nullable ? '' : ' NOT NULL'},`).join('\n      ')}
      "n" integer NOT NULL,
      CONSTRAINT "uq_${table}" UNIQUE NULLS NOT DISTINCT (${list})
    )`);
  await queryRunner.query(rollupFunction(rollup));
  const transitions = {
    insert: 'NEW TABLE AS new_rows',
    update: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
    delete: 'OLD TABLE AS old_rows',
  };
  for (const [operation, referencing] of Object.entries(transitions)) {
    await queryRunner.query(`
      CREATE TRIGGER "${table}_${operation}" AFTER ${operation.toUpperCase()} ON "${source}" REFERENCING ${referencing}
        FOR EACH STATEMENT EXECUTE FUNCTION "${table}_apply"()`);
  }
  await queryRunner.query(`
    INSERT INTO "${table}" (${list}, n)
      SELECT ${keyedColumns(rollup)}, count(*) FROM "${source}" GROUP BY ${list}`);
}
