import fc from 'fast-check';
import request from 'supertest';
import { LeadsService } from '../../src/leads/leads.service';
import { minutesAfter, stopClock } from '../support/automation';
import { bearer, createLead, createVendor } from '../support/factories';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';

jest.setTimeout(120_000);

const T0 = '2026-06-10T12:00:00.000Z';
const at = (minutes: number) => minutesAfter(T0, minutes);
const NOTHING_COUNTS = {
  leadsAssigned: 0,
  leadsViewed: 0,
  leadsActioned: 0,
  leadsExpired: 0,
  medianMinutesToView: null,
  medianMinutesToAction: null,
  p90MinutesToAction: null,
  medianMinutesToFirstMessage: null,
  actionedWithin1HourPercent: null,
  actionedWithin24HoursPercent: null,
};

/** docs/contract.md#speed-to-lead: how fast a vendor answers, from the times its leads were assigned, first viewed and decided. */
describe('Lead response times (e2e)', () => {
  let t: ManagerTestApp;

  beforeAll(async () => {
    t = await createManagerTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const figures = (token: string, query: Record<string, string> = {}) =>
    request(t.http).get('/rest-api-v1/general-leads/response-times').query(query).set(bearer(token));

  it('answers the exact medians, p90 and percents of a scripted set of leads viewed and answered at known times', async () => {
    const moveClock = stopClock(t.app, T0);
    const { vendor, token } = await createVendor(t.app);
    const other = await createVendor(t.app);
    const vendorApi = (method: 'get' | 'post', path: string) =>
      request(t.http)[method](`/rest-api-v1/general-leads/${path}`).set(bearer(token));
    const assignAt = async (minutes: number, vendorId = vendor.id) => {
      moveClock(at(minutes));
      return createLead(t.app, vendorId);
    };
    const viewAt = async (minutes: number, id: number) => {
      moveClock(at(minutes));
      await vendorApi('get', `${id}`).expect(200);
    };
    const decideAt = async (minutes: number, id: number, decision: 'accept' | 'decline') => {
      moveClock(at(minutes));
      await vendorApi('post', `${id}/${decision}`)
        .send(decision === 'decline' ? { declineReason: 'Busy' } : {})
        .expect(200);
    };

    const outside = await assignAt(-91 * 24 * 60); // before the default window (the 90 days before the query)
    await decideAt(-91 * 24 * 60 + 5, outside.id, 'accept');
    const l1 = await assignAt(0); // viewed after 2 min, accepted after 10
    const l2 = await assignAt(1); // viewed after 6, declined after 90
    const l3 = await assignAt(2); // accepted after 30 without being opened: that is its first view
    const l4 = await assignAt(3); // viewed after 1, never answered: expired by the query
    const l5 = await assignAt(4); // accepted after 25 hours, never opened before
    await assignAt(10); // untouched: expired by the query
    const l7 = await assignAt(20); // decided before view times were recorded: action from actionDate, view unknown
    await assignAt(30, other.vendor.id); // another vendor's
    await viewAt(2, l1.id);
    await viewAt(4, l4.id);
    await viewAt(7, l2.id);
    await decideAt(10, l1.id, 'accept');
    await decideAt(32, l3.id, 'accept');
    await decideAt(91, l2.id, 'decline');
    await decideAt(4 + 1500, l5.id, 'accept');
    await t.dataSource.query(
      `UPDATE leads SET vendor_notification_viewed = TRUE, first_viewed_at = NULL, vendor_lead_action = 'ACCEPT',
                        action_date = date_created + interval '45 minutes' WHERE id = $1`,
      [l7.id],
    );
    const query = 100 * 60;
    await assignAt(query - 30); // young and unanswered: not late for an hour yet, so in no percent
    moveClock(at(query));

    const res = await figures(token);
    expect(res.status).toBe(200);
    // Views [1, 2, 6, 30, 1500]; actions [10, 30, 45, 90, 1500]: p90 = 90 + 0.6 x (1500 - 90).
    // Late: the five actioned, and the two expired leads; within an hour 10, 30, 45; within a day also 90.
    expect(res.body).toEqual({
      success: true,
      data: {
        leadsAssigned: 8,
        leadsViewed: 5,
        leadsActioned: 5,
        leadsExpired: 2,
        medianMinutesToView: 6,
        medianMinutesToAction: 45,
        p90MinutesToAction: 936,
        medianMinutesToFirstMessage: null,
        actionedWithin1HourPercent: 42.9,
        actionedWithin24HoursPercent: 57.1,
      },
    });

    // A window of the first two leads: even counts take the mean of the two middle values.
    const firstTwo = await figures(token, { from: at(0), to: at(1) });
    expect(firstTwo.body.data).toEqual({
      leadsAssigned: 2,
      leadsViewed: 2,
      leadsActioned: 2,
      leadsExpired: 0,
      medianMinutesToView: 4,
      medianMinutesToAction: 50,
      p90MinutesToAction: 82,
      medianMinutesToFirstMessage: null,
      actionedWithin1HourPercent: 50,
      actionedWithin24HoursPercent: 100,
    });

    // The manager sees the same figures; a window with no lead counts nothing.
    const managed = await request(t.http)
      .get(`/rest-manager-api-v1/vendors/${vendor.id}/response-times`)
      .set(t.manager);
    expect(managed.body).toEqual(res.body);
    expect((await figures(token, { from: '2020-01-01', to: '2020-12-31' })).body.data).toEqual(NOTHING_COUNTS);
  });

  it.each([
    ['an impossible date', { from: '2026-02-30' }, /from is not a real date/],
    ['a malformed date', { to: 'yesterday' }, /to must be an ISO 8601 date/],
    ['from after to', { from: '2026-03-02', to: '2026-03-01' }, /from must not be after to/],
    ['from after now, without to', { from: '2099-01-01' }, /from must not be after to/],
    ['a window over 366 days', { from: '2025-01-01', to: '2026-01-02' }, /longer than 366 days/],
  ])('refuses %s with a 400', async (_case, query, message) => {
    const { token } = await createVendor(t.app);
    const res = await figures(token, query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(message), details: expect.any(Array) });
  });

  it('takes a window of exactly 366 days, answers 404 for an unknown vendor, and admits only the right token', async () => {
    const { vendor, token } = await createVendor(t.app);
    expect((await figures(token, { from: '2024-01-01', to: '2024-12-31' })).status).toBe(200);
    const manager = (id: number | string) => `/rest-manager-api-v1/vendors/${id}/response-times`;
    const missing = await request(t.http).get(manager(2_000_000_000)).set(t.manager);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, error: 'Vendor 2000000000 was not found.' });
    expect((await request(t.http).get(manager(vendor.id)).set(bearer(token))).status).toBe(403);
    expect((await request(t.http).get('/rest-api-v1/general-leads/response-times').set(t.manager)).status).toBe(403);
  });

  it('computes the same medians, p90, counts and percents as a plain computation, on random leads', async () => {
    const now = new Date(at(400 * 60));
    stopClock(t.app, now.toISOString());
    const lead = fc.record({
      assignedSecond: fc.integer({ min: 0, max: 400 * 3600 - 1 }),
      viewedAfter: fc.option(fc.integer({ min: 0, max: 3 * 24 * 3600 }), { nil: null }),
      answer: fc.constantFrom('NONE', 'ACCEPT', 'DECLINE', 'EXPIRED', 'BEFORE_VIEW_TIMES'),
      answeredAfter: fc.integer({ min: 0, max: 3 * 24 * 3600 }),
      messagedAfterAnswer: fc.option(fc.integer({ min: 0, max: 2 * 24 * 3600 }), { nil: null }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(lead, { maxLength: 40 }), async (leads) => {
        const { vendor } = await createVendor(t.app);
        const rows = leads.map((l) => {
          const assigned = new Date(new Date(T0).getTime() + l.assignedSecond * 1000);
          const answered = l.answer === 'ACCEPT' || l.answer === 'DECLINE' || l.answer === 'BEFORE_VIEW_TIMES';
          const beforeViewTimes = l.answer === 'BEFORE_VIEW_TIMES';
          const viewedAfter = beforeViewTimes
            ? null
            : answered
              ? Math.min(l.viewedAfter ?? l.answeredAfter, l.answeredAfter)
              : l.viewedAfter;
          return {
            assigned,
            viewed: viewedAfter === null ? null : new Date(assigned.getTime() + viewedAfter * 1000),
            action: beforeViewTimes ? 'ACCEPT' : l.answer,
            actionDate: answered ? new Date(assigned.getTime() + l.answeredAfter * 1000) : null,
            flagged: beforeViewTimes || viewedAfter !== null,
            // Only an accepted lead's customer is written to, after the accept.
            firstMessage:
              l.answer === 'ACCEPT' && l.messagedAfterAnswer !== null
                ? new Date(assigned.getTime() + (l.answeredAfter + l.messagedAfterAnswer) * 1000)
                : null,
          };
        });
        for (const row of rows) {
          await t.dataSource.query(
            `INSERT INTO leads (vendor_id, date_created, date_modified, category, customer_name, project_details_html,
                                original_job_description, vendor_notification_viewed, first_viewed_at,
                                vendor_lead_action, action_date, first_message_at)
             VALUES ($1, $2, $2, 'Roofing', 'Customer', '<p>Job</p>', 'Job', $3, $4, $5, $6, $7)`,
            [vendor.id, row.assigned, row.flagged, row.viewed, row.action, row.actionDate, row.firstMessage],
          );
        }
        const minutes = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;
        const toView = rows.filter((r) => r.viewed).map((r) => minutes(r.assigned, r.viewed!));
        const toAction = rows.filter((r) => r.actionDate).map((r) => minutes(r.assigned, r.actionDate!));
        const toFirstMessage = rows.filter((r) => r.firstMessage).map((r) => minutes(r.assigned, r.firstMessage!));
        const age = (r: (typeof rows)[number]) => minutes(r.assigned, now);
        const late = (limit: number) => rows.filter((r) => r.actionDate || age(r) > limit).length;
        const within = (limit: number) => toAction.filter((m) => m <= limit).length;
        const expected = {
          leadsAssigned: rows.length,
          leadsViewed: toView.length,
          leadsActioned: toAction.length,
          leadsExpired: rows.filter((r) => r.action === 'EXPIRED' || (r.action === 'NONE' && age(r) >= 72 * 60)).length,
          medianMinutesToView: round1(percentile(toView, 0.5)),
          medianMinutesToAction: round1(percentile(toAction, 0.5)),
          p90MinutesToAction: round1(percentile(toAction, 0.9)),
          medianMinutesToFirstMessage: round1(percentile(toFirstMessage, 0.5)),
          actionedWithin1HourPercent: percent(within(60), late(60)),
          actionedWithin24HoursPercent: percent(within(1440), late(1440)),
        };
        const actual = await t.app.get(LeadsService).responseTimes(vendor.id, T0, now.toISOString());
        expect(actual).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });
});

/** PostgreSQL's percentile_cont: linear interpolation between the two nearest ranks, in float8. */
function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

/** round(x::numeric, 1): the float8 read with 15 significant digits, then half away from zero. */
function round1(value: number | null): number | null {
  if (value === null) return null;
  const [whole, fraction = ''] = Math.abs(value).toPrecision(15).split('.');
  const tenths = Number(whole) * 10 + Number(fraction[0] ?? 0) + (Number(fraction[1] ?? 0) >= 5 ? 1 : 0);
  return (Math.sign(value) * tenths) / 10;
}

/** round(100 * part / whole, 1), half away from zero, computed exactly on integers; null for none. */
function percent(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.floor((2000 * part + whole) / (2 * whole)) / 10;
}
