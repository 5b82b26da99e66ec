import { SchedulerRegistry } from '@nestjs/schedule';
import request from 'supertest';
import { type LeadsConfig, leadsConfig } from '../../src/config/leads.config';
import { Sql } from '../../src/database/sql';
import { type LeadResponseTimes, responseTimesWindow } from '../../src/leads/lead-response-times';
import { responseTimesStatement } from '../../src/leads/lead-response-times.sql';
import { LeadsRepository } from '../../src/leads/leads.repository';
import { LeadsService } from '../../src/leads/leads.service';
import { minutesAfter, stopClock } from '../support/automation';
import { bearer, createLead, createVendor } from '../support/factories';
import { TestApp, createTestApp } from '../support/test-app';

jest.setTimeout(120_000);

// Later than any other test's clock: their apps' expiry jobs, which run on every lead of the database,
// never store one of these leads as EXPIRED under this test.
const T0 = '2090-07-01T12:00:00.000Z';
const HOUR = 60;
const DAY = 24 * HOUR;
const at = (minutes: number, plusMs = 0) => new Date(new Date(minutesAfter(T0, minutes)).getTime() + plusMs);

type Window = { from?: string; to?: string };

/**
 * The figures of docs/contract.md#speed-to-lead are answered from each instance's memo while they still hold: every answer
 * here is compared with the full statement run at that instant, and the number of full computations
 * shows when the memo answered.
 */
describe('Lead response times, remembered (e2e)', () => {
  let t: TestApp;

  /** The app without its expiry job: storing EXPIRED is a change, which would recompute at its own pace. */
  const createApp = async () => {
    const app = await createTestApp();
    app.app.get(SchedulerRegistry).deleteInterval('lead-expiry');
    return app;
  };

  beforeAll(async () => {
    t = await createApp();
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** The figures as the full statement computes them at `now`, without the memo. */
  const computedAt = async (app: TestApp, vendorId: number, now: Date, { from, to }: Window = {}) => {
    const timing = app.app.get<LeadsConfig>(leadsConfig.KEY);
    const window = responseTimesWindow(from, to, now);
    const [figures] = await app.app
      .get(Sql)
      .rows<LeadResponseTimes>(responseTimesStatement(timing, now, vendorId, window));
    return figures;
  };

  /** Asks at `now` through the service, checks the answer against the full statement, and answers it. */
  const askAt = async (app: TestApp, vendorId: number, now: Date, query: Window = {}) => {
    stopClock(app.app, now.toISOString());
    const answered = await app.app.get(LeadsService).responseTimes(vendorId, query.from, query.to);
    expect(answered).toEqual(await computedAt(app, vendorId, now, query));
    return answered;
  };

  const countComputations = (app: TestApp) => jest.spyOn(app.app.get(LeadsRepository), 'responseTimes');

  it('answers from the memo until a lead turns an hour, 24 hours, the expiry age old, or leaves the 90 days', async () => {
    const { vendor } = await createVendor(t.app);
    stopClock(t.app, T0);
    await createLead(t.app, vendor.id);
    const computations = countComputations(t);

    const young = await askAt(t, vendor.id, at(1));
    expect(young).toMatchObject({ leadsAssigned: 1, actionedWithin1HourPercent: null, leadsExpired: 0 });
    expect(await askAt(t, vendor.id, at(HOUR, -1))).toEqual(young);
    expect(computations).toHaveBeenCalledTimes(1);

    // Unanswered an hour after its assignment: late, so in the percent from the next instant on.
    expect(await askAt(t, vendor.id, at(HOUR))).toEqual(young);
    const lateForAnHour = await askAt(t, vendor.id, at(HOUR, 1));
    expect(lateForAnHour).toMatchObject({ actionedWithin1HourPercent: 0, actionedWithin24HoursPercent: null });
    expect(await askAt(t, vendor.id, at(DAY, -1))).toEqual(lateForAnHour);
    expect(computations).toHaveBeenCalledTimes(3);

    expect(await askAt(t, vendor.id, at(DAY, 1))).toMatchObject({ actionedWithin24HoursPercent: 0, leadsExpired: 0 });
    await askAt(t, vendor.id, at(72 * HOUR, -1));
    expect(computations).toHaveBeenCalledTimes(4);

    // Expired at the very instant it reaches the expiry age.
    expect(await askAt(t, vendor.id, at(72 * HOUR))).toMatchObject({ leadsExpired: 1 });
    await askAt(t, vendor.id, at(90 * DAY, -1));
    expect(computations).toHaveBeenCalledTimes(5);

    // The default window's start passes the lead; a window given by dates keeps it.
    expect(await askAt(t, vendor.id, at(90 * DAY, 1))).toMatchObject({ leadsAssigned: 0 });
    const fixed = { from: at(0).toISOString(), to: at(HOUR).toISOString() };
    expect(await askAt(t, vendor.id, at(90 * DAY, 1), fixed)).toMatchObject({ leadsAssigned: 1 });
    expect(await askAt(t, vendor.id, at(200 * DAY), fixed)).toMatchObject({ leadsAssigned: 1 });
    expect(computations).toHaveBeenCalledTimes(7);
  });

  it('counts a lead dated after now from the instant it is no longer in the future, and recomputes when the clock goes back', async () => {
    const { vendor } = await createVendor(t.app);
    stopClock(t.app, T0);
    await createLead(t.app, vendor.id, { dateCreated: at(30) });
    const computations = countComputations(t);

    expect(await askAt(t, vendor.id, at(0))).toMatchObject({ leadsAssigned: 0 });
    expect(await askAt(t, vendor.id, at(30, -1))).toMatchObject({ leadsAssigned: 0 });
    expect(computations).toHaveBeenCalledTimes(1);
    expect(await askAt(t, vendor.id, at(30, 1))).toMatchObject({ leadsAssigned: 1 });
    expect(await askAt(t, vendor.id, at(0))).toMatchObject({ leadsAssigned: 0 });
    expect(computations).toHaveBeenCalledTimes(3);
  });

  it('answers a view, an acceptance, a decline, a new lead, and any statement on leads at once', async () => {
    const { vendor, token } = await createVendor(t.app);
    stopClock(t.app, T0);
    const [first, second, third] = [
      await createLead(t.app, vendor.id),
      await createLead(t.app, vendor.id),
      await createLead(t.app, vendor.id),
    ];
    const now = at(10);
    const vendorApi = (method: 'get' | 'post' | 'patch', path: string) =>
      request(t.http)[method](`/rest-api-v1/general-leads/${path}`).set(bearer(token));
    const ask = () => askAt(t, vendor.id, now);
    const computations = countComputations(t);

    expect(await ask()).toMatchObject({ leadsAssigned: 3, leadsViewed: 0 });
    expect(await ask()).toMatchObject({ leadsAssigned: 3, leadsViewed: 0 });
    expect(computations).toHaveBeenCalledTimes(1);

    await vendorApi('get', `${first.id}`).expect(200);
    expect(await ask()).toMatchObject({ leadsViewed: 1, leadsActioned: 0 });
    await vendorApi('post', `${first.id}/accept`).expect(200);
    expect(await ask()).toMatchObject({ leadsViewed: 1, leadsActioned: 1 });
    await vendorApi('post', `${second.id}/decline`).send({ declineReason: 'Busy' }).expect(200);
    expect(await ask()).toMatchObject({ leadsViewed: 2, leadsActioned: 2 });
    await createLead(t.app, vendor.id, { dateCreated: at(5) });
    expect(await ask()).toMatchObject({ leadsAssigned: 4 });
    await t.dataSource.query(`UPDATE leads SET first_viewed_at = date_created WHERE id = $1`, [third.id]);
    expect(await ask()).toMatchObject({ leadsViewed: 3 });
    await t.dataSource.query(`DELETE FROM leads WHERE id = $1`, [third.id]);
    expect(await ask()).toMatchObject({ leadsAssigned: 3, leadsViewed: 2 });
    expect(computations).toHaveBeenCalledTimes(7);

    // A change to a column the figures do not read keeps the memo.
    await vendorApi('patch', `${first.id}/post-lead-status`).send({ postLeadStatus: 'QUOTE_SENT' }).expect(200);
    await ask();
    expect(computations).toHaveBeenCalledTimes(7);
  });

  describe('on two instances', () => {
    let other: TestApp;

    beforeAll(async () => {
      other = await createApp();
    });
    afterAll(() => other.close());

    it('each instance answers the changes made through the other at once', async () => {
      const { vendor, token } = await createVendor(other.app);
      stopClock(other.app, T0);
      const [first, second] = [await createLead(other.app, vendor.id), await createLead(other.app, vendor.id)];
      const now = at(10);
      const both = async () => [await askAt(t, vendor.id, now), await askAt(other, vendor.id, now)];

      expect(await both()).toEqual([
        expect.objectContaining({ leadsActioned: 0 }),
        expect.objectContaining({ leadsActioned: 0 }),
      ]);
      await request(other.http).post(`/rest-api-v1/general-leads/${first.id}/accept`).set(bearer(token)).expect(200);
      expect(await both()).toEqual([
        expect.objectContaining({ leadsActioned: 1 }),
        expect.objectContaining({ leadsActioned: 1 }),
      ]);
      await request(t.http).get(`/rest-api-v1/general-leads/${second.id}`).set(bearer(token)).expect(200);
      expect(await both()).toEqual([
        expect.objectContaining({ leadsViewed: 2 }),
        expect.objectContaining({ leadsViewed: 2 }),
      ]);
    });
  });
});
