// `npm run bench:kpi`: GET /rest-api-v1/reputation-process/kpi for a vendor with 100,000 reputation
// processes (and their events) among other vendors' data, on a scratch database (test_bench_kpi_*)
// that is dropped afterwards. Times the KPI statements themselves, and the endpoint of the built server
// after a change to what the KPIs count (it counts again) and when nothing changed (it remembers); prints the plans.
import { JwtService } from '@nestjs/jwt';
import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { Sql } from '../src/database/sql';
import type { TimeWindow } from '../src/common/time/time-window';
import { PgPool } from '../src/database/pg-pool';
import { FeedbackCountsRepository } from '../src/feedback/feedback-counts.repository';
import { incompleteFeedbackStatement } from '../src/feedback/feedback.sql';
import { NotificationsRepository } from '../src/notifications/notifications.repository';
import { failedSubjectsStatement } from '../src/notifications/notifications.sql';
import { ReferralCountsRepository } from '../src/referrals/referral-counts.repository';
import { referralCountsStatement } from '../src/referrals/referral-counts.sql';
import { ProcessCountsRepository } from '../src/reputation/process-counts.repository';
import { processCountStatements } from '../src/reputation/process-counts.sql';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';
import { seedVendors } from './lead-seed';
import { resetReputationSequences, seedReputation } from './reputation-seed';
import { scriptDataSource } from './script-data-source';

const LARGE_VENDOR_PROCESSES = 100_000;
const OTHER_VENDORS = 40;
const PROCESSES_PER_OTHER_VENDOR = 10_000;
const RUNS = 30;
const PORT = 44_000 + (process.pid % 1000);
const JWT_SECRET = 'bench-kpi-secret-bench-kpi-secret-bench-kpi';

interface Timing {
  label: string;
  ms: number[];
}

/** `run` timed RUNS times after a warm-up, each time after `prepare` (untimed). */
async function time(label: string, run: () => Promise<unknown>, prepare?: () => Promise<unknown>): Promise<Timing> {
  await prepare?.();
  await run(); // warm-up: plans cached, pages in shared buffers
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await prepare?.();
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return { label, ms: ms.sort((a, b) => a - b) };
}

function summary({ label, ms }: Timing): string {
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(1);
  return `${label.padEnd(44)} median ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms   max ${at(1).padStart(7)} ms`;
}

async function main(): Promise<void> {
  const name = `test_bench_kpi_${process.pid}`;
  assertTestDatabase(name);
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = databaseUrl(name);
  const pgPool = new PgPool();
  const dataSource = scriptDataSource(url, 4, pgPool);
  let server: ChildProcess | undefined;
  try {
    await dataSource.initialize();
    await dataSource.runMigrations();

    const started = Date.now();
    const [large, ...others] = await seedVendors(dataSource, 1 + OTHER_VENDORS);
    await seedReputation(dataSource, [large], LARGE_VENDOR_PROCESSES, 0);
    await seedReputation(dataSource, others, PROCESSES_PER_OTHER_VENDOR, LARGE_VENDOR_PROCESSES);
    await resetReputationSequences(dataSource);
    await dataSource.query('VACUUM (ANALYZE)');
    const [{ events }] = await dataSource.query<{ events: string }[]>(
      'SELECT count(*) AS events FROM reputation_events WHERE vendor_id = $1',
      [large],
    );
    console.log(
      `Seeded vendor ${large}: ${LARGE_VENDOR_PROCESSES} processes, ${events} events; ` +
        `${OTHER_VENDORS} other vendors with ${PROCESSES_PER_OTHER_VENDOR} processes each; in ${Date.now() - started} ms`,
    );

    const sql = new Sql(pgPool);
    const processCounts = new ProcessCountsRepository(sql);
    const feedbackCounts = new FeedbackCountsRepository(sql);
    const referralCounts = new ReferralCountsRepository(sql);
    const outbox = new NotificationsRepository(undefined as never, sql);
    const failedIds = await outbox.failedSubjects('REFERRAL_REQUEST', large);
    const statements = (window: TimeWindow) => [
      ...processCountStatements(large, window),
      incompleteFeedbackStatement(large, window),
      failedSubjectsStatement('REFERRAL_REQUEST', large),
      referralCountsStatement(large, window, failedIds),
    ];
    const allTime = { from: null, until: null };
    const lastMonth = { from: new Date(Date.now() - 30 * 86_400_000), until: null };
    // The statements side by side, as the KPI service runs them (the referral counts after the failed requests).
    const countAll = async (window: TimeWindow) =>
      Object.assign(
        {},
        ...(await Promise.all([
          processCounts.count(large, window),
          feedbackCounts.count(large, window),
          outbox
            .failedSubjects('REFERRAL_REQUEST', large)
            .then((failed) => referralCounts.count(large, window, failed)),
        ])),
      ) as Record<string, unknown>;
    console.log('KPIs (all time):', await countAll(allTime));

    for (const statement of statements(allTime)) {
      const plan = await dataSource.query<{ 'QUERY PLAN': string }[]>(
        `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
        statement.parameters,
      );
      console.log(`\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);
    }

    // The endpoint of the built server, with a token for the vendor signed the way the service signs.
    const jti = randomUUID();
    await dataSource.query('UPDATE vendors SET enable_full_rms = true WHERE id = $1', [large]);
    await dataSource.query(
      `INSERT INTO api_keys (id, vendor_id, name, scopes, created_by) VALUES ($2, $1, 'api-token', '{*}', 'cli')`,
      [large, jti],
    );
    const token = new JwtService({ secret: JWT_SECRET }).sign(
      { typ: 'vendor' },
      { subject: String(large), jwtid: jti },
    );
    const base = `http://127.0.0.1:${PORT}`;
    server = spawn(process.execPath, [join(__dirname, '..', 'src', 'main.js')], {
      env: { ...process.env, DATABASE_URL: url, JWT_SECRET, PORT: String(PORT), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    while (
      !(await fetch(`${base}/health/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await delay(100);
    const endpoint = async (query: string) => {
      const res = await fetch(`${base}/rest-api-v1/reputation-process/kpi${query}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`KPI endpoint answered ${res.status}: ${await res.text()}`);
      await res.json();
    };

    // A change to what the KPIs count: the service's remembered KPIs no longer hold and it counts again.
    const recordEvent = () =>
      dataSource.query(
        `INSERT INTO reputation_events (vendor_id, process_id, type, occurred_at)
         SELECT vendor_id, id, 'REVIEW_YES', now() FROM reputation_processes WHERE vendor_id = $1 LIMIT 1`,
        [large],
      );
    const timings = [
      await time('KPI statements, all time', () => countAll(allTime)),
      await time('KPI statements, last 30 days', () => countAll(lastMonth)),
      await time('GET /reputation-process/kpi after a change', () => endpoint(''), recordEvent),
      await time('GET ...kpi?from=2026-01-01 after a change', () => endpoint('?from=2026-01-01'), recordEvent),
      await time('GET /reputation-process/kpi, remembered', () => endpoint('')),
    ];
    console.log(
      `\n=== ${RUNS} runs each, vendor with ${LARGE_VENDOR_PROCESSES} processes\n${timings.map(summary).join('\n')}`,
    );
  } finally {
    server?.kill('SIGTERM');
    if (dataSource.isInitialized) await dataSource.destroy();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
