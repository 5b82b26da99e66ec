import request from 'supertest';
import { JobWonReviewRequests } from '../../src/automation/job-won-review-requests';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { VendorsService } from '../../src/vendors/vendors.service';
import { AutomationTestBed, automate, minutesAfter, outboxSettled, stopClock } from '../support/automation';
import { CustomerBrowser } from '../support/customer-pages';
import { bearer, createFeedbackRequest, createLead, createReviewRequest, createVendor } from '../support/factories';
import { waitUntil } from '../support/net';
import type { TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const bed = new AutomationTestBed(`${process.env.E2E_DATABASE_NAME}_jobwon`);
const T0 = '2026-06-10T14:00:00.000Z';

interface StoredRequest {
  id: number;
  leadId: number | null;
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
}

interface JobWonRecord {
  outcome: string | null;
  reviewRequestId: number | null;
  dueAt: Date;
  settledAt: Date | null;
}

/** docs/contract.md#automation: a review request when an accepted lead is won, once per lead, as skipDuplicates=true would. */
describe('Review request when a job is won (e2e)', () => {
  let t: TestApp;
  let moveClock: (iso: string) => void;

  beforeAll(async () => {
    await bed.start();
    t = await bed.boot();
  });
  afterAll(async () => {
    await t.close();
    await bed.stop();
  });
  beforeEach(() => {
    moveClock = stopClock(t.app, T0);
  });

  async function vendorWinning(delayMinutes: number, on = true) {
    const created = await createVendor(t.app, { features: [...VENDOR_FEATURES] });
    await automate(t.app, created.vendor.id, {
      autoReviewRequestOnJobWon: on,
      autoReviewRequestDelayMinutes: delayMinutes,
    });
    return created;
  }
  async function acceptedLead(token: string, vendorId: number, fields = {}) {
    const lead = await createLead(t.app, vendorId, { customerName: 'Jane Q Homeowner', ...fields });
    await request(t.http).post(`/rest-api-v1/general-leads/${lead.id}/accept`).set(bearer(token)).expect(200);
    return lead;
  }
  const setStatus = (token: string, leadId: number, postLeadStatus: string) =>
    request(t.http)
      .patch(`/rest-api-v1/general-leads/${leadId}/post-lead-status`)
      .set(bearer(token))
      .send({ postLeadStatus });
  const requestsOf = (vendorId: number): Promise<StoredRequest[]> =>
    t.dataSource.query(
      `SELECT id, lead_id AS "leadId", first_name AS "firstName", last_name AS "lastName", email, phone
       FROM review_requests WHERE vendor_id = $1 ORDER BY id`,
      [vendorId],
    );
  const recordOf = async (leadId: number): Promise<JobWonRecord | undefined> => {
    const rows: JobWonRecord[] = await t.dataSource.query(
      `SELECT outcome, review_request_id::int AS "reviewRequestId", due_at AS "dueAt", settled_at AS "settledAt"
         FROM job_won_review_requests WHERE lead_id = $1`,
      [leadId],
    );
    return rows[0];
  };
  const outcomeOf = async (leadId: number): Promise<string | null | undefined> => (await recordOf(leadId))?.outcome;

  it('with no delay, creates one review request in the same transaction and sends it; winning again does nothing', async () => {
    const { vendor, token } = await vendorWinning(0);
    const lead = await acceptedLead(token, vendor.id, {
      customerEmail: 'won@customer.example',
      customerPhone: '416-555-0177',
    });
    expect((await setStatus(token, lead.id, 'JOB_WON')).status).toBe(200);
    expect(await requestsOf(vendor.id)).toEqual([
      {
        id: expect.any(Number),
        leadId: lead.id,
        firstName: 'Jane',
        lastName: 'Q Homeowner',
        email: 'won@customer.example',
        phone: '416-555-0177',
      },
    ]);
    const record = await recordOf(lead.id);
    expect(record).toMatchObject({ outcome: 'CREATED', reviewRequestId: (await requestsOf(vendor.id))[0].id });
    // Reported like any review request: a review_request.created event with the request as the API shows it.
    const created = await t.dataSource.query(
      `SELECT data FROM events WHERE vendor_id = $1 AND type = 'review_request.created'`,
      [vendor.id],
    );
    expect(created).toEqual([
      { data: expect.objectContaining({ firstName: 'Jane', emailTo: 'won@customer.example', phone: '416-555-0177' }) },
    ]);

    // Won again, later: the first win's record stays as it was settled.
    moveClock(minutesAfter(T0, 30));
    await setStatus(token, lead.id, 'JOB_WON').expect(200);
    await setStatus(token, lead.id, 'QUOTE_SENT').expect(200);
    await setStatus(token, lead.id, 'LEAD_WON').expect(200);
    expect(await t.app.get(JobWonReviewRequests).createDue()).toBe(0);
    expect(await requestsOf(vendor.id)).toHaveLength(1);
    expect(await recordOf(lead.id)).toEqual(record);

    await waitUntil(() => outboxSettled(t.app, vendor.id));
    expect(bed.sink.to('won@customer.example').map((m) => m.parsed.subject)).toEqual([
      `Would you review ${vendor.vendorName}?`,
    ]);
  });

  it('creates one request when the lead is won by two requests at the same moment', async () => {
    const { vendor, token } = await vendorWinning(0);
    const lead = await acceptedLead(token, vendor.id);
    const answers = await Promise.all([setStatus(token, lead.id, 'JOB_WON'), setStatus(token, lead.id, 'LEAD_WON')]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect((await requestsOf(vendor.id)).map((r) => r.leadId)).toEqual([lead.id]);
  });

  it('with a delay, creates it when the delay has passed, reading the feature flag then', async () => {
    const { vendor, token } = await vendorWinning(120);
    const lead = await acceptedLead(token, vendor.id);
    const flagOff = await acceptedLead(token, vendor.id, { customerEmail: 'later@customer.example' });
    await setStatus(token, lead.id, 'LEAD_WON').expect(200);
    await setStatus(token, flagOff.id, 'JOB_WON').expect(200);
    expect(await requestsOf(vendor.id)).toEqual([]);

    moveClock(minutesAfter(T0, 119));
    expect(await t.app.get(JobWonReviewRequests).createDue()).toBe(0);
    await t.app.get(VendorsService).setFeatures(vendor.id, { enableStandaloneReviewBooster: false });
    moveClock(minutesAfter(T0, 120));
    expect(await t.app.get(JobWonReviewRequests).createDue()).toBe(2);
    expect(await requestsOf(vendor.id)).toEqual([]);
    expect(await outcomeOf(lead.id)).toBe('FEATURE_DISABLED');
    expect(await outcomeOf(flagOff.id)).toBe('FEATURE_DISABLED');

    // Flag back on: a lead won afterwards gets its request; the earlier ones stay settled.
    await t.app.get(VendorsService).setFeatures(vendor.id, { enableStandaloneReviewBooster: true });
    const another = await acceptedLead(token, vendor.id);
    await setStatus(token, another.id, 'JOB_WON').expect(200);
    moveClock(minutesAfter(T0, 240));
    expect(await t.app.get(JobWonReviewRequests).createDue()).toBe(1);
    expect((await requestsOf(vendor.id)).map((r) => r.leadId)).toEqual([another.id]);
  });

  it('skips a duplicate and an opted-out customer, leaving nothing behind', async () => {
    const { vendor, token } = await vendorWinning(0);
    await createReviewRequest(t.app, vendor, { emailTo: 'known@customer.example' });
    // Opted out through a feedback request: a review request to the address would be a duplicate first.
    const leaver = await createFeedbackRequest(t.app, vendor, { email: 'gone@customer.example' });
    const page = new CustomerBrowser(t.http, leaver.link);
    await page.submit('/unsubscribe', {}, `${page.path}/unsubscribe`);
    const before = await requestsOf(vendor.id);

    const duplicate = await acceptedLead(token, vendor.id, {
      customerEmail: 'KNOWN@customer.example',
      customerPhone: undefined,
    });
    const optedOut = await acceptedLead(token, vendor.id, {
      customerEmail: 'gone@customer.example',
      customerPhone: undefined,
    });
    await setStatus(token, duplicate.id, 'JOB_WON').expect(200);
    await setStatus(token, optedOut.id, 'JOB_WON').expect(200);
    expect(await outcomeOf(duplicate.id)).toBe('DUPLICATE');
    expect(await outcomeOf(optedOut.id)).toBe('OPTED_OUT');
    expect(await requestsOf(vendor.id)).toEqual(before);
    const processes = await t.dataSource.query(
      'SELECT count(*)::int AS n FROM reputation_processes WHERE vendor_id = $1',
      [vendor.id],
    );
    expect(processes).toEqual([{ n: 2 }]);
  });

  it('a second win of a lead whose delayed request was created keeps the first record (outcome, request id)', async () => {
    const { vendor, token } = await vendorWinning(60);
    const lead = await acceptedLead(token, vendor.id);
    await setStatus(token, lead.id, 'JOB_WON').expect(200);
    moveClock(minutesAfter(T0, 60));
    expect(await t.app.get(JobWonReviewRequests).createDue()).toBe(1);
    const record = await recordOf(lead.id);
    expect(record).toMatchObject({ outcome: 'CREATED', reviewRequestId: expect.any(Number) });

    moveClock(minutesAfter(T0, 90));
    await setStatus(token, lead.id, 'LEAD_WON').expect(200);
    await setStatus(token, lead.id, 'JOB_WON').expect(200);
    moveClock(minutesAfter(T0, 200));
    expect(await t.app.get(JobWonReviewRequests).createDue()).toBe(0);
    expect(await recordOf(lead.id)).toEqual(record);
    expect((await requestsOf(vendor.id)).map((r) => r.id)).toEqual([record!.reviewRequestId]);
  });

  it('waits for the end of the vendor’s quiet hours, with no delay and when a delay ends in them', async () => {
    const { vendor, token } = await vendorWinning(0);
    // The defaults: customers are written to from 09:00 to 20:00 in Toronto (EDT in June, UTC-4).
    const quiet = { quietHoursStart: '20:00', quietHoursEnd: '09:00', timeZone: 'America/Toronto' };
    await automate(t.app, vendor.id, quiet);
    const atNight = await acceptedLead(token, vendor.id, { customerPhone: '416-555-0111' });
    moveClock('2026-06-11T02:00:00.000Z'); // 22:00 EDT
    await setStatus(token, atNight.id, 'JOB_WON').expect(200);
    expect(await requestsOf(vendor.id)).toEqual([]);
    expect(await recordOf(atNight.id)).toMatchObject({ outcome: null, dueAt: new Date('2026-06-11T13:00:00.000Z') });

    await automate(t.app, vendor.id, { ...quiet, autoReviewRequestDelayMinutes: 120 });
    const evening = await acceptedLead(token, vendor.id, { customerPhone: '416-555-0122' });
    moveClock('2026-06-10T23:00:00.000Z'); // 19:00 EDT: due at 21:00 EDT, in the quiet hours
    await setStatus(token, evening.id, 'JOB_WON').expect(200);
    moveClock('2026-06-11T01:00:00.000Z');
    expect(await t.app.get(JobWonReviewRequests).createDue()).toBe(0);
    expect(await recordOf(evening.id)).toMatchObject({ outcome: null, dueAt: new Date('2026-06-11T13:00:00.000Z') });

    moveClock('2026-06-11T12:59:00.000Z');
    expect(await t.app.get(JobWonReviewRequests).createDue()).toBe(0);
    expect(await requestsOf(vendor.id)).toEqual([]);
    moveClock('2026-06-11T13:00:00.000Z'); // 09:00 EDT
    expect(await t.app.get(JobWonReviewRequests).createDue()).toBe(2);
    expect((await requestsOf(vendor.id)).map((r) => r.leadId).sort()).toEqual([atNight.id, evening.id].sort());
  });

  it('does nothing with the setting off, for other statuses, or for a lead that is not accepted', async () => {
    const off = await vendorWinning(0, false);
    const offLead = await acceptedLead(off.token, off.vendor.id);
    await setStatus(off.token, offLead.id, 'JOB_WON').expect(200);
    expect(await requestsOf(off.vendor.id)).toEqual([]);
    expect(await outcomeOf(offLead.id)).toBeUndefined();

    const { vendor, token } = await vendorWinning(0);
    const lost = await acceptedLead(token, vendor.id);
    await setStatus(token, lost.id, 'JOB_LOST').expect(200);
    const pending = await createLead(t.app, vendor.id);
    expect((await setStatus(token, pending.id, 'JOB_WON')).status).toBe(409);
    expect(await requestsOf(vendor.id)).toEqual([]);
  });
});
