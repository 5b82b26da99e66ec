import fc from 'fast-check';
import { seedVendors } from '../../scripts/lead-seed';
import { ReputationKpiService } from '../../src/reputation-kpi/reputation-kpi.service';
import { queryWindow } from '../../src/common/time/window-bounds';
import { scannedKpis } from '../support/kpi-scan';
import { TestApp, createTestApp } from '../support/test-app';

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 2, 10);
const SPAN_DAYS = 5;

/** A time in the data's days: often a UTC midnight exactly (a window's day boundary), else any millisecond. */
const instant = fc.oneof(
  fc.integer({ min: 0, max: SPAN_DAYS }).map((day) => BASE + day * DAY),
  fc.integer({ min: 0, max: SPAN_DAYS * DAY }).map((ms) => BASE + ms),
);
/** How long after its start a row ended: at once, within hours, days later, or not (null). */
const delay = fc.option(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3 * DAY })), { nil: null });

const later = fc.record({ start: instant, end: delay });
const processArb = fc.record({
  span: later,
  state: fc.constantFrom('IN_PROGRESS', 'COMPLETED', 'TERMINATED'),
  /** Ended by a later UPDATE (the rollup trigger's update path) rather than inserted ended. */
  endsLater: fc.boolean(),
  feedback: fc.option(later, { nil: null }),
  referral: fc.option(
    fc.record({
      span: later,
      channel: fc.constantFrom('EMAIL', 'TEXT', 'SHARE'),
      messages: fc.array(fc.constantFrom('FAILED', 'SENT', 'PENDING'), { maxLength: 2 }),
    }),
    { nil: null },
  ),
});
const eventArb = fc.record({
  at: instant,
  type: fc.constantFrom(
    'FEEDBACK_REQUESTED',
    'FEEDBACK_ANSWERED',
    'REVIEW_REQUESTED',
    'REVIEW_YES',
    'REVIEW_NO',
    'REVIEW_LINK_CLICKED',
    'REVIEW_CONFIRMED',
    'REFERRAL_REQUESTED',
    'REFERRAL_CONVERTED',
    'OPTED_OUT',
  ),
  rating: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  wouldRefer: fc.option(fc.boolean(), { nil: null }),
  platform: fc.option(fc.constantFrom('GOOGLE', 'FACEBOOK', 'BBB', 'OTHER'), { nil: null }),
  /** Deleted after insertion (the trigger's delete path). */
  deleted: fc.boolean(),
});

const pad = (n: number) => String(n).padStart(2, '0');
/** A query bound: a date, or a date-time to the millisecond or minute, UTC or at an offset. */
const boundArb = fc.oneof(
  fc.integer({ min: -1, max: SPAN_DAYS + 1 }).map((day) => new Date(BASE + day * DAY).toISOString().slice(0, 10)),
  fc
    .tuple(
      fc.integer({ min: -DAY, max: (SPAN_DAYS + 1) * DAY }),
      fc.constantFrom(0, 120, -330),
      fc.constantFrom(23, 16),
      fc.boolean(),
    )
    .map(([ms, offsetMinutes, length, zoned]) => {
      const local = new Date(BASE + ms + offsetMinutes * 60_000).toISOString().slice(0, length);
      if (!zoned) return offsetMinutes === 0 ? local : new Date(BASE + ms).toISOString().slice(0, length);
      const sign = offsetMinutes < 0 ? '-' : '+';
      const abs = Math.abs(offsetMinutes);
      return `${local}${offsetMinutes === 0 ? 'Z' : `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`}`;
    }),
);
const windowArb = fc.record({
  from: fc.option(boundArb, { nil: undefined }),
  to: fc.option(boundArb, { nil: undefined }),
});

type Process = typeof processArb extends fc.Arbitrary<infer T> ? T : never;
type Event = typeof eventArb extends fc.Arbitrary<infer T> ? T : never;

const iso = (ms: number) => new Date(ms).toISOString();
const endOf = ({ start, end }: { start: number; end: number | null }) => (end === null ? null : iso(start + end));

/**
 * The KPIs read from the day rollups equal the KPIs counted by scanning (the statements the service ran
 * before the rollups), on random rows written through inserts, updates and deletes, for random windows:
 * dates, date-times to the millisecond or minute at any offset, open or not, cutting through days.
 */
describe('KPIs from day rollups (e2e)', () => {
  let t: TestApp;
  let kpis: ReputationKpiService;

  beforeAll(async () => {
    t = await createTestApp();
    kpis = t.app.get(ReputationKpiService);
  });
  afterAll(() => t.close());

  async function store(processes: Process[], events: Event[]): Promise<number> {
    const [vendorId] = await seedVendors(t.dataSource, 1);
    const rows = processes.map((p, i) => ({
      token: `kpi${vendorId}x${i}`,
      state: p.state,
      started_at: iso(p.span.start),
      ended_at: p.endsLater ? null : endOf(p.span),
    }));
    const ids: { id: string; token: string }[] = await t.dataSource.query(
      `INSERT INTO reputation_processes (vendor_id, token, origin, state, step, first_name, started_at, ended_at)
       SELECT $1, token, 'FEEDBACK_REQUEST', state::reputation_process_state, 'FEEDBACK', 'Customer', started_at, ended_at
         FROM jsonb_to_recordset($2) AS r(token text, state text, started_at timestamptz, ended_at timestamptz)
       RETURNING id, token`,
      [vendorId, JSON.stringify(rows)],
    );
    const idOf = new Map(ids.map(({ id, token }) => [token, id]));
    const processId = (i: number) => idOf.get(`kpi${vendorId}x${i}`)!;
    const insert = async (sql: string, records: object[]) => {
      if (records.length) await t.dataSource.query(sql, [vendorId, JSON.stringify(records)]);
    };
    await t.dataSource.query(
      `UPDATE reputation_processes p SET ended_at = r.ended_at
         FROM jsonb_to_recordset($1) AS r(id bigint, ended_at timestamptz) WHERE p.id = r.id`,
      [
        JSON.stringify(
          processes.flatMap((p, i) => (p.endsLater ? [{ id: processId(i), ended_at: endOf(p.span) }] : [])),
        ),
      ],
    );
    await insert(
      `INSERT INTO feedback_requests (vendor_id, process_id, customer_name, created_at, answered_at)
       SELECT $1, process_id, 'Customer', created_at, answered_at
         FROM jsonb_to_recordset($2) AS r(process_id bigint, created_at timestamptz, answered_at timestamptz)`,
      processes.flatMap((p, i) =>
        p.feedback
          ? [{ process_id: processId(i), created_at: iso(p.feedback.start), answered_at: endOf(p.feedback) }]
          : [],
      ),
    );
    const referrals = processes.flatMap((p, i) => (p.referral ? [{ ...p.referral, processId: processId(i) }] : []));
    await insert(
      `INSERT INTO referral_requests (vendor_id, process_id, created_at, completed_at, completed_channel)
       SELECT $1, process_id, created_at, completed_at, CASE WHEN completed_at IS NOT NULL THEN channel END
         FROM jsonb_to_recordset($2)
           AS r(process_id bigint, created_at timestamptz, completed_at timestamptz, channel referral_request_channel)`,
      referrals.map((r) => ({
        process_id: r.processId,
        created_at: iso(r.span.start),
        completed_at: endOf(r.span),
        channel: r.channel,
      })),
    );
    await insert(
      `INSERT INTO notification_outbox (vendor_id, purpose, subject_id, channel, recipient, text, unsubscribe_url,
                                        message_key, status)
       SELECT $1, 'REFERRAL_REQUEST', q.id, channel::notification_channel, 'customer@test.example', 'Refer a friend',
              'https://test.example/u', gen_random_uuid(), status::notification_status
         FROM jsonb_to_recordset($2) AS r(process_id bigint, channel text, status text)
         JOIN referral_requests q ON q.process_id = r.process_id`,
      referrals.flatMap((r) =>
        r.messages.map((status, m) => ({ process_id: r.processId, channel: m ? 'SMS' : 'EMAIL', status })),
      ),
    );
    await insert(
      `INSERT INTO reputation_events (vendor_id, process_id, type, occurred_at, rating, would_refer, platform, channel)
       SELECT $1, process_id, type::reputation_event_type, occurred_at, rating, would_refer, platform::review_platform,
              CASE WHEN deleted THEN 'SHARE'::reputation_event_channel END
         FROM jsonb_to_recordset($2) AS r(process_id bigint, type text, occurred_at timestamptz, rating smallint,
                                          would_refer boolean, platform text, deleted boolean)`,
      events.map((e, i) => ({
        process_id: processId(i % processes.length),
        type: e.type,
        occurred_at: iso(e.at),
        rating: e.rating,
        would_refer: e.wouldRefer,
        platform: e.platform,
        deleted: e.deleted,
      })),
    );
    // The events marked (by a channel the KPIs do not read) go again: the rollup's delete path.
    await t.dataSource.query(`DELETE FROM reputation_events WHERE vendor_id = $1 AND channel = 'SHARE'`, [vendorId]);
    return vendorId;
  }

  it('answers every window as the scan of the events and rows does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(processArb, { minLength: 1, maxLength: 25 }),
        fc.array(eventArb, { maxLength: 60 }),
        fc.array(windowArb, { minLength: 6, maxLength: 6 }),
        async (processes, events, windows) => {
          const vendorId = await store(processes, events);
          for (const { from, to } of windows) {
            let window;
            try {
              window = queryWindow(from, to);
            } catch {
              continue; // from after to: a 400, no counts
            }
            expect({ from, to, kpis: await kpis.forVendor(vendorId, from, to) }).toEqual({
              from,
              to,
              kpis: await scannedKpis(t.dataSource, vendorId, window),
            });
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 240_000);

  it("counts one vendor's writes at their commits: two transactions in opposite orders neither wait nor deadlock", async () => {
    // A new process and its feedback request (process rollup, then feedback rollup) while a request of
    // the same day is answered negatively (feedback rollup, then process rollup). Counted at each
    // statement, the second transaction's first write would wait for the first's commit; counted at
    // commit, both run their statements at once, and the vendor's rollup lock, taken first by each
    // fold, keeps the two upserts of one row set from deadlocking.
    const [vendorId] = await seedVendors(t.dataSource, 1);
    const newProcess = `INSERT INTO reputation_processes (vendor_id, token, origin, step, first_name)
                        VALUES ($1, $2, 'FEEDBACK_REQUEST', 'FEEDBACK', 'Customer') RETURNING id`;
    const newFeedback = `INSERT INTO feedback_requests (vendor_id, process_id, customer_name) VALUES ($1, $2, 'Customer')`;
    const [{ id: answered }] = await t.dataSource.query<{ id: string }[]>(newProcess, [vendorId, `dl${vendorId}a`]);
    await t.dataSource.query(newFeedback, [vendorId, answered]);

    const [creating, answering] = [t.dataSource.createQueryRunner(), t.dataSource.createQueryRunner()];
    try {
      for (const runner of [creating, answering]) {
        await runner.startTransaction();
        // A statement held by the other transaction fails here rather than waiting for the test's timeout.
        await runner.query(`SET LOCAL lock_timeout = '5s'`);
      }
      const [{ id: created }] = (await creating.query(newProcess, [vendorId, `dl${vendorId}b`])) as { id: string }[];
      await answering.query(`UPDATE feedback_requests SET answered_at = now(), rating = 2 WHERE process_id = $1`, [
        answered,
      ]);
      await answering.query(`UPDATE reputation_processes SET state = 'COMPLETED', ended_at = now() WHERE id = $1`, [
        answered,
      ]);
      await creating.query(newFeedback, [vendorId, created]);
      await Promise.all([creating.commitTransaction(), answering.commitTransaction()]);
    } finally {
      await creating.release();
      await answering.release();
    }
    const window = queryWindow();
    expect(await kpis.forVendor(vendorId)).toEqual(await scannedKpis(t.dataSource, vendorId, window));
    expect(await kpis.forVendor(vendorId)).toMatchObject({
      totalReputationProcesses: 2,
      totalReputationProcessesCompleted: 1,
      incompleteFeedbackRequests: 1,
    });
    expect(await pendingDeltas()).toBe(0);
  }, 30_000);

  it('counts nothing of a transaction or a savepoint rolled back', async () => {
    const [vendorId] = await seedVendors(t.dataSource, 1);
    const newProcess = `INSERT INTO reputation_processes (vendor_id, token, origin, step, first_name)
                        VALUES ($1, $2, 'FEEDBACK_REQUEST', 'FEEDBACK', 'Customer')`;
    const runner = t.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await runner.query(newProcess, [vendorId, `rb${vendorId}a`]);
      await runner.rollbackTransaction();
      await runner.startTransaction();
      await runner.query(newProcess, [vendorId, `rb${vendorId}b`]);
      await runner.query('SAVEPOINT second');
      await runner.query(newProcess, [vendorId, `rb${vendorId}c`]);
      await runner.query('ROLLBACK TO SAVEPOINT second');
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect(await kpis.forVendor(vendorId)).toEqual(await scannedKpis(t.dataSource, vendorId, queryWindow()));
    expect(await kpis.forVendor(vendorId)).toMatchObject({ totalReputationProcesses: 1 });
    expect(await pendingDeltas()).toBe(0);
  });

  /** The deltas waiting in the pending tables, everyone's: none once every transaction has ended. */
  async function pendingDeltas(): Promise<number> {
    const tables: { name: string }[] = await t.dataSource.query(
      `SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relname LIKE '%\\_pending'`,
    );
    expect(tables.length).toBe(7);
    const counts = await Promise.all(
      tables.map(
        async ({ name }) => (await t.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${name}`))[0].n,
      ),
    );
    return counts.reduce((a, b) => a + b, 0);
  }
});
