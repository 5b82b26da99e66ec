// `npm run bench:reminders`: the cost of the reminder pass (docs/contract.md#automation) on 200,000 processes.
// A scratch `test_` database gets 100 vendors and 200,000 review-request processes, each with its
// request event and its reminder, due evenly over three days from T; one customer in eight answered.
// The app runs in this process (delivery worker off) with its Clock moved to each instant; prints the
// time of a pass with nothing due, of a steady-state minute and of a catch-up, and the claim's plan.
import { ReminderPass } from '../src/automation/reminder-pass';
import { Clock } from '../src/common/time/clock';
import { claimDueRemindersStatement } from '../src/reputation/reputation.sql';
import { createTestApp } from '../test/support/test-app';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 200_000);
const SPREAD_MINUTES = 4320;
const T = new Date('2026-06-10T14:00:00.000Z');
const DATABASE = `test_bench_reminders_${process.pid}`;

const SEED = [
  `INSERT INTO vendors (vendor_name, email, city_name, province_name)
   SELECT 'Bench ' || g, 'bench' || g || '@vendor.example', 'Toronto', 'Ontario' FROM generate_series(1, 100) g`,
  `INSERT INTO automation_settings (vendor_id, quiet_hours_start, quiet_hours_end) SELECT id, NULL, NULL FROM vendors`,
  `INSERT INTO reputation_processes (vendor_id, token, origin, step, first_name, email, started_at)
   SELECT (SELECT min(id) FROM vendors) + g % 100, substr(md5(g::text), 1, 24), 'REVIEW_REQUEST', 'REVIEW_QUESTION',
          'Pat', 'customer' || g || '@customer.example', $1::timestamptz - interval '3 days'
   FROM generate_series(1, ${PROCESSES}) g`,
  `INSERT INTO review_requests (vendor_id, process_id, first_name, email)
   SELECT vendor_id, id, first_name, email FROM reputation_processes`,
  `INSERT INTO reputation_events (vendor_id, process_id, type) SELECT vendor_id, id, 'REVIEW_REQUESTED' FROM reputation_processes`,
  `INSERT INTO reputation_events (vendor_id, process_id, type)
   SELECT vendor_id, id, 'REVIEW_YES' FROM reputation_processes WHERE id % 8 = 0`,
  `INSERT INTO process_reminders (process_id, vendor_id, request_id, channels, due_at)
   SELECT p.id, p.vendor_id, r.id, '{EMAIL}', $1::timestamptz + make_interval(secs => ${SPREAD_MINUTES * 60}.0 * row_number() OVER (ORDER BY p.id) / ${PROCESSES})
   FROM reputation_processes p JOIN review_requests r ON r.process_id = p.id`,
];

async function main(): Promise<void> {
  assertTestDatabase(DATABASE);
  await adminQuery(`CREATE DATABASE ${DATABASE}`);
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl(DATABASE),
    NOTIFY_WORKER_ENABLED: 'false',
    LOG_LEVEL: 'warn',
  });
  const t = await createTestApp();
  try {
    const seeded = Date.now();
    for (const statement of SEED) await t.dataSource.query(statement, statement.includes('$1') ? [T] : []);
    await t.dataSource.query('VACUUM ANALYZE');
    console.log(`seeded ${PROCESSES} processes with their reminders in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    const clock = t.app.get(Clock);
    const pass = t.app.get(ReminderPass);
    const timed = async (at: Date) => {
      clock.now = () => at;
      const started = process.hrtime.bigint();
      const result = await pass.run();
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, ...result };
    };

    const empty: number[] = [];
    for (let i = 0; i < 50; i++) empty.push((await timed(T)).ms);
    empty.sort((a, b) => a - b);
    console.log(`pass with nothing due: median ${empty[25].toFixed(2)} ms, p90 ${empty[45].toFixed(2)} ms (50 passes)`);

    const { sql, parameters } = claimDueRemindersStatement(T, 100);
    const plan: { 'QUERY PLAN': string }[] = await t.dataSource.query(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`,
      parameters,
    );
    console.log(`claim with nothing due:\n  ${plan.map((row) => row['QUERY PLAN']).join('\n  ')}`);

    const perMinute = PROCESSES / SPREAD_MINUTES;
    const minute = await timed(new Date(T.getTime() + 60_000));
    console.log(
      `a minute's reminders (~${perMinute.toFixed(0)} due): ${minute.ms.toFixed(0)} ms, ${JSON.stringify(minute)}`,
    );
    const catchUp = await timed(new Date(T.getTime() + 61 * 60_000));
    const handled = catchUp.sent + catchUp.skipped + catchUp.deferred;
    console.log(
      `catch-up of an hour (${handled} due): ${catchUp.ms.toFixed(0)} ms, ${(catchUp.ms / handled).toFixed(2)} ms per reminder, ` +
        JSON.stringify(catchUp),
    );
  } finally {
    await t.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
