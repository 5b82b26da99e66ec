import { escapeLiteral } from 'pg';
import type { TimeWindow } from '../../src/common/time/time-window';
import type { Statement } from '../../src/database/statement';
import { incompleteFeedbackStatement } from '../../src/feedback/feedback.sql';
import { failedSubjectsStatement } from '../../src/notifications/notifications.sql';
import { referralCountsStatement } from '../../src/referrals/referral-counts.sql';
import { processCountStatements } from '../../src/reputation/process-counts.sql';
import { seedVendors } from '../../scripts/lead-seed';
import { resetReputationSequences, seedReputation } from '../../scripts/reputation-seed';
import { type PlanNode, planNodes, rowsRead } from '../support/query-plan';
import { adminQuery, assertTestDatabase, databaseUrl } from '../support/test-database';
import { TestApp, createTestApp } from '../support/test-app';

const LARGE_VENDOR_PROCESSES = 3_000;
const OTHER_VENDORS = 5;
const PROCESSES_PER_OTHER_VENDOR = 300;
const HOUR = 3_600_000;

/** The tables the KPIs count rows of, each also summed per day in a rollup. */
const COUNTED_TABLES = ['reputation_events', 'reputation_processes', 'feedback_requests', 'referral_requests'];

/** A statement parameter as a literal of EXECUTE's argument list (PREPARE has inferred its type). */
const literal = (value: unknown): string =>
  escapeLiteral(
    Array.isArray(value) ? `{${value.join(',')}}` : value instanceof Date ? value.toISOString() : String(value),
  );

/**
 * The KPI statements run as named prepared statements, and after a few runs PostgreSQL may plan one of
 * them once for every vendor (a generic plan, blind to the vendor and the window). Forced to that plan,
 * for a vendor with thousands of rows among others, each must still read the counted tables through
 * index ranges alone: none of their rows is read only to be filtered out, and for all time (no partial
 * day) none is read at all but the failed referral requests, by primary key.
 */
describe('KPI statements under a generic plan (e2e)', () => {
  const database = `${process.env.E2E_DATABASE_NAME}_kpi_plans`;
  let t: TestApp;
  let vendorId: number;
  let failedIds: string[];

  beforeAll(async () => {
    // A database of its own: the seed gives its rows explicit ids.
    assertTestDatabase(database);
    await adminQuery(`CREATE DATABASE ${database}`);
    process.env.DATABASE_URL = databaseUrl(database);
    t = await createTestApp();
    const [large, ...others] = await seedVendors(t.dataSource, 1 + OTHER_VENDORS);
    await seedReputation(t.dataSource, [large], LARGE_VENDOR_PROCESSES, 0);
    await seedReputation(t.dataSource, others, PROCESSES_PER_OTHER_VENDOR, LARGE_VENDOR_PROCESSES);
    await resetReputationSequences(t.dataSource);
    await t.dataSource.query('VACUUM (ANALYZE)');
    vendorId = large;
    const failed = failedSubjectsStatement('REFERRAL_REQUEST', vendorId);
    const [{ subjectIds }] = await t.dataSource.query<{ subjectIds: string[] }[]>(failed.sql, failed.parameters);
    failedIds = subjectIds;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  /** The statement's generic plan, run (EXPLAIN ANALYZE) with the statement's own parameters. */
  async function genericPlan({ sql, parameters }: Statement): Promise<PlanNode[]> {
    const runner = t.dataSource.createQueryRunner();
    try {
      await runner.query('SET plan_cache_mode = force_generic_plan');
      await runner.query(`PREPARE kpi_statement AS ${sql}`);
      const explained = await runner.query(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE kpi_statement(${parameters.map(literal).join(', ')})`,
      );
      return planNodes(explained);
    } finally {
      await runner.query('DEALLOCATE ALL; RESET plan_cache_mode');
      await runner.release();
    }
  }

  const statements = (window: TimeWindow): [string, Statement][] => [
    ['event counts', processCountStatements(vendorId, window)[0]],
    ['process counts', processCountStatements(vendorId, window)[1]],
    ['incomplete feedback', incompleteFeedbackStatement(vendorId, window)],
    ['referral counts', referralCountsStatement(vendorId, window, failedIds)],
  ];
  const counted = (nodes: PlanNode[]) => nodes.filter((node) => COUNTED_TABLES.includes(node['Relation Name'] ?? ''));
  const byPrimaryKey = (node: PlanNode) => node['Index Name']?.startsWith('PK_') ?? false;

  it('has failed referral requests to look up (the seed fails some messages for good)', () => {
    expect(failedIds.length).toBeGreaterThan(0);
  });

  it('reads no counted row for all time but the failed referral requests, each by primary key', async () => {
    for (const [name, statement] of statements({ from: null, until: null })) {
      const nodes = counted(await genericPlan(statement));
      const rowsOf = (scans: PlanNode[]) => scans.reduce((sum, node) => sum + rowsRead(node), 0);
      expect({ name, rowsRead: rowsOf(nodes.filter((node) => !byPrimaryKey(node))) }).toEqual({ name, rowsRead: 0 });
      expect(rowsOf(nodes.filter(byPrimaryKey))).toBeLessThanOrEqual(failedIds.length);
    }
  });

  it('finds the failed referral requests reading only the vendor’s failed messages and their siblings', async () => {
    const [{ failedMessages }] = await t.dataSource.query<{ failedMessages: number }[]>(
      `SELECT count(*)::int AS "failedMessages" FROM notification_outbox
        WHERE vendor_id = $1 AND purpose = 'REFERRAL_REQUEST' AND status = 'FAILED'`,
      [vendorId],
    );
    const outboxScans = (await genericPlan(failedSubjectsStatement('REFERRAL_REQUEST', vendorId))).filter(
      (node) => node['Relation Name'] === 'notification_outbox',
    );
    const read = outboxScans.reduce((sum, node) => sum + rowsRead(node), 0);
    // Each failed message, then the at most two messages (e-mail, text) of its subject.
    expect(read).toBeLessThanOrEqual(3 * failedMessages);
  });

  it('reads a window’s partial days through index ranges, filtering out none of the vendor’s rows', async () => {
    // Mid-day bounds: a partial first and last day around whole days, all inside the seeded days.
    const now = Date.now();
    const window = { from: new Date(now - 5 * 24 * HOUR - 7 * HOUR), until: new Date(now - 24 * HOUR - 5 * HOUR) };
    for (const [name, statement] of statements(window)) {
      const scans = counted(await genericPlan(statement)).filter((node) => !byPrimaryKey(node));
      expect(scans.length).toBeGreaterThan(0);
      // $2..$5: the window's bounds and its whole days' (src/reputation/day-rollups.sql.ts).
      const scan = (node: PlanNode) => ({
        name,
        rangeOnTime: /\$[2-5]\b/.test(node['Index Cond'] ?? ''),
        removedByFilter: node['Rows Removed by Filter'] ?? 0,
      });
      expect(scans.map(scan)).toEqual(scans.map(() => ({ name, rangeOnTime: true, removedByFilter: 0 })));
    }
  });
});
