import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { queryWindow } from '../../src/common/time/window-bounds';
import { ProcessCountsRepository } from '../../src/reputation/process-counts.repository';
import { bearer, createVendor } from '../support/factories';
import { scannedKpis } from '../support/kpi-scan';
import type { Kpis } from '../support/reputation-kpis';
import { TestApp, createTestApp } from '../support/test-app';

type Window = { from?: string; to?: string };

/** Three days of one journey; the window cuts its first and last day at mid-day. */
const DAY_1 = '2026-01-07';
const DAY_3 = '2026-01-09';
const WINDOW: Window = { from: `${DAY_1}T11:00:00Z`, to: `${DAY_3}T12:00:00Z` };

/**
 * The KPIs are answered from each instance's memo while the rows they count have not changed: every
 * answer here is compared with the KPIs counted by scanning the rows, and the number of computations
 * shows when the memo answered. Each kind of change, whichever statement or instance makes it, is
 * answered at once.
 */
describe('Reputation KPIs, remembered (e2e)', () => {
  let a: TestApp;
  let b: TestApp;
  let vendorId: number;
  let token: string;
  let processId: string;

  beforeAll(async () => {
    [a, b] = [await createTestApp(), await createTestApp()];
    ({
      vendor: { id: vendorId },
      token,
    } = await createVendor(a.app, { features: [...VENDOR_FEATURES] }));
    processId = await seedJourney();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });
  afterEach(() => jest.restoreAllMocks());

  /** A process started on day 1, its feedback request answered 5 stars on day 2, its referral request open since day 3. */
  async function seedJourney(): Promise<string> {
    const run = (sql: string, parameters: unknown[]) => a.dataSource.query<{ id: string }[]>(sql, parameters);
    const [{ id }] = await run(
      `INSERT INTO reputation_processes (vendor_id, token, origin, step, first_name, started_at)
       VALUES ($1, $2, 'FEEDBACK_REQUEST', 'FEEDBACK', 'Customer', $3) RETURNING id`,
      [vendorId, `memo${vendorId}`, `${DAY_1}T09:00:00Z`],
    );
    await run(
      `INSERT INTO feedback_requests (vendor_id, process_id, customer_name, created_at) VALUES ($1, $2, 'Customer', $3)`,
      [vendorId, id, `${DAY_1}T09:00:00Z`],
    );
    const [{ id: referralRequestId }] = await run(
      `INSERT INTO referral_requests (vendor_id, process_id, created_at) VALUES ($1, $2, $3) RETURNING id`,
      [vendorId, id, `${DAY_3}T09:00:00Z`],
    );
    await run(
      `INSERT INTO notification_outbox (vendor_id, purpose, subject_id, channel, recipient, text, unsubscribe_url,
                                        message_key, status)
       VALUES ($1, 'REFERRAL_REQUEST', $2, 'EMAIL', 'customer@test.example', 'Refer a friend', 'https://test.example/u',
               gen_random_uuid(), 'SENT')`,
      [vendorId, referralRequestId],
    );
    await run(
      `INSERT INTO reputation_events (vendor_id, process_id, type, occurred_at, rating, would_refer)
       VALUES ($1, $2, 'FEEDBACK_REQUESTED', $3, NULL, NULL), ($1, $2, 'FEEDBACK_ANSWERED', $4, 5, true)`,
      [vendorId, id, `${DAY_1}T09:00:00Z`, `${DAY_1}T20:00:00Z`],
    );
    return id;
  }

  /** The KPIs `app` answers, checked against the scan of the rows. */
  async function ask(app: TestApp, window: Window = {}): Promise<Kpis> {
    const res = await request(app.http).get('/rest-api-v1/reputation-process/kpi').query(window).set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(await scannedKpis(a.dataSource, vendorId, queryWindow(window.from, window.to)));
    return res.body.data as Kpis;
  }

  const change = (sql: string) => a.dataSource.query(sql, [vendorId]);
  const countComputations = (app: TestApp) => jest.spyOn(app.app.get(ProcessCountsRepository), 'count');

  it('computes once per window, then answers from the memo while nothing changes', async () => {
    const computations = countComputations(a);
    const allTime = await ask(a);
    expect(allTime).toMatchObject({
      totalReputationProcesses: 1,
      positiveFeedbacks: 1,
      totalReferralRequestsPending: 1,
    });
    expect(await ask(a)).toEqual(allTime);
    const inWindow = await ask(a, WINDOW);
    expect(await ask(a, WINDOW)).toEqual(inWindow);
    expect(computations).toHaveBeenCalledTimes(2);
  });

  it.each([
    [
      'an event recorded',
      `INSERT INTO reputation_events (vendor_id, process_id, type, occurred_at, platform)
       SELECT vendor_id, id, 'REVIEW_LINK_CLICKED', '${DAY_1}T21:00:00Z', 'GOOGLE' FROM reputation_processes WHERE vendor_id = $1`,
    ],
    [
      'an event’s rating changed',
      `UPDATE reputation_events SET rating = 2 WHERE vendor_id = $1 AND type = 'FEEDBACK_ANSWERED'`,
    ],
    ['an event deleted', `DELETE FROM reputation_events WHERE vendor_id = $1 AND type = 'REVIEW_LINK_CLICKED'`],
    [
      'a feedback request answered',
      `UPDATE feedback_requests SET answered_at = '${DAY_1}T20:00:00Z' WHERE vendor_id = $1`,
    ],
    [
      'a referral request completed',
      `UPDATE referral_requests SET completed_at = '${DAY_3}T10:00:00Z', completed_channel = 'EMAIL' WHERE vendor_id = $1`,
    ],
    [
      'a referral request reopened',
      `UPDATE referral_requests SET completed_at = NULL, completed_channel = NULL WHERE vendor_id = $1`,
    ],
    ['a referral message failed for good', `UPDATE notification_outbox SET status = 'FAILED' WHERE vendor_id = $1`],
    [
      'another message of the failed referral request queued',
      `INSERT INTO notification_outbox (vendor_id, purpose, subject_id, channel, recipient, text, message_key)
       SELECT vendor_id, purpose, subject_id, 'SMS', '+15145550199', 'Refer a friend', gen_random_uuid()
         FROM notification_outbox WHERE vendor_id = $1 AND purpose = 'REFERRAL_REQUEST'`,
    ],
    [
      'that message deleted',
      `DELETE FROM notification_outbox WHERE vendor_id = $1 AND purpose = 'REFERRAL_REQUEST' AND channel = 'SMS'`,
    ],
    [
      'the failed referral message sent after all',
      `UPDATE notification_outbox SET status = 'SENT' WHERE vendor_id = $1 AND purpose = 'REFERRAL_REQUEST'`,
    ],
    [
      'a process completed',
      `UPDATE reputation_processes SET state = 'COMPLETED', ended_at = '${DAY_3}T10:00:00Z' WHERE vendor_id = $1`,
    ],
    // The same end day (the rollups do not change), but now after the window's end.
    [
      'a process’s end moved within its day',
      `UPDATE reputation_processes SET ended_at = '${DAY_3}T13:00:00Z' WHERE vendor_id = $1`,
    ],
  ])('answers %s at once', async (_change, sql) => {
    const before = [await ask(a), await ask(a, WINDOW)];
    await change(sql);
    const after = [await ask(a), await ask(a, WINDOW)];
    expect(after).not.toEqual(before);
  });

  it('answers another instance’s change at once, and each instance computes for itself', async () => {
    const [onA, onB] = [countComputations(a), countComputations(b)];
    await change(`UPDATE reputation_processes SET state = 'IN_PROGRESS', ended_at = NULL WHERE vendor_id = $1`);
    const open = await ask(a);
    expect(await ask(b)).toEqual(open);
    const cancelled = await request(b.http)
      .post(`/rest-api-v1/reputation-process/${processId}/cancel`)
      .set(bearer(token));
    expect(cancelled.status).toBe(200);
    const afterCancel = await ask(a);
    expect(afterCancel).toMatchObject({
      totalReputationProcessesTerminated: open.totalReputationProcessesTerminated + 1,
      totalReputationProcessesInProgress: open.totalReputationProcessesInProgress - 1,
    });
    expect(await ask(a)).toEqual(afterCancel);
    expect([onA.mock.calls.length, onB.mock.calls.length]).toEqual([2, 1]);
  });
});
