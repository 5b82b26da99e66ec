import request from 'supertest';
import { DEFAULT_AUTOMATION_SETTINGS } from '../../src/automation-settings/automation-settings';
import { AutomationScheduler } from '../../src/automation/automation.scheduler';
import { ReminderPass } from '../../src/automation/reminder-pass';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { AutomationTestBed, automate, minutesAfter, outboxSettled, reminderOf, stopClock } from '../support/automation';
import { CustomerBrowser } from '../support/customer-pages';
import {
  bearer,
  configureReviewSites,
  createFeedbackRequest,
  createReviewRequest,
  createVendor,
} from '../support/factories';
import { waitUntil } from '../support/net';
import { linkIn, messagesOf } from '../support/outbox';
import type { TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const bed = new AutomationTestBed(`${process.env.E2E_DATABASE_NAME}_remind`);
const T0 = '2026-06-10T14:00:00.000Z';
const DELAY = 4320;
const DUE = minutesAfter(T0, DELAY);

/** docs/contract.md#automation: the one reminder to a customer who did nothing, on one instance. */
describe('Reminders (e2e)', () => {
  let t: TestApp;
  let moveClock: (iso: string) => void;
  const pass = () => t.app.get(ReminderPass).run();

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

  const vendor = async () => {
    const created = await createVendor(t.app, { features: [...VENDOR_FEATURES] });
    await automate(t.app, created.vendor.id);
    return created;
  };
  const delivered = (vendorId: number) => waitUntil(() => outboxSettled(t.app, vendorId));

  it('sends a silent customer exactly one reminder after the delay, by the first message’s channels, with its link', async () => {
    const { vendor: v, token } = await vendor();
    const email = 'silent@customer.example';
    const { request: req, link } = await createReviewRequest(t.app, v, { emailTo: email, phone: '416-555-0101' });
    expect(await reminderOf(t.app, req.processId)).toEqual({ dueAt: new Date(DUE), outcome: null });

    moveClock(minutesAfter(DUE, -1));
    expect(await pass()).toEqual({ sent: 0, deferred: 0, skipped: 0 });
    moveClock(DUE);
    expect(await pass()).toEqual({ sent: 1, deferred: 0, skipped: 0 });
    moveClock(minutesAfter(DUE, 60 * 24 * 30));
    expect(await pass()).toEqual({ sent: 0, deferred: 0, skipped: 0 });

    const reminders = await messagesOf(t.app, 'REVIEW_REMINDER', req.id);
    expect(reminders.map((m) => [m.channel, m.recipient])).toEqual([
      ['EMAIL', email],
      ['SMS', '416-555-0101'],
    ]);
    expect(reminders.map(linkIn)).toEqual([link, link]);
    expect(reminders[0].subject).toBe(`A quick reminder: would you review ${v.vendorName}?`);
    expect(reminders[1].text).toMatch(new RegExp(`^Reminder from ${v.vendorName}: Hi Sam`));

    await delivered(v.id);
    const mails = bed.sink.to(email);
    expect(mails.map((m) => m.parsed.subject)).toEqual([
      `Would you review ${v.vendorName}?`,
      `A quick reminder: would you review ${v.vendorName}?`,
    ]);
    expect(mails[1].parsed.text).toContain(link);
    expect(mails[1].parsed.text).toContain(`${link}/unsubscribe`);
    expect(mails[1].raw.replace(/\r?\n\s+/g, ' ')).toContain(`List-Unsubscribe: <${link}/unsubscribe>`);
    expect(await reminderOf(t.app, req.processId)).toMatchObject({ outcome: 'SENT' });

    // The KPIs count the request once: a reminder is not a new request.
    const kpi = await request(t.http).get('/rest-api-v1/reputation-process/kpi').set(bearer(token));
    expect(kpi.body.data).toMatchObject({ totalReviewRequestsSent: 1, totalReputationProcesses: 1 });
  });

  it('is sent by the scheduler’s minute tick, which runs the pass', async () => {
    const { vendor: v } = await vendor();
    const { request: req } = await createReviewRequest(t.app, v);
    moveClock(DUE);
    await t.app.get(AutomationScheduler).runDueWork();
    expect(await reminderOf(t.app, req.processId)).toMatchObject({ outcome: 'SENT' });
  });

  it('reminds a feedback request in its own wording, and a review request with the vendor’s custom message', async () => {
    const { vendor: v } = await vendor();
    await configureReviewSites(t.app, v.id, { customEmailMessage: 'Dear {firstName}, a review please: {link}' });
    const feedback = await createFeedbackRequest(t.app, v, { email: 'fb@customer.example' });
    const review = await createReviewRequest(t.app, v, { emailTo: 'custom@customer.example' });
    moveClock(DUE);
    expect(await pass()).toMatchObject({ sent: 2 });

    const [feedbackReminder] = await messagesOf(t.app, 'FEEDBACK_REMINDER', feedback.request.id);
    expect(feedbackReminder.subject).toBe(`A quick reminder: how did ${v.vendorName} do?`);
    expect(linkIn(feedbackReminder)).toBe(feedback.link);
    const [reviewReminder] = await messagesOf(t.app, 'REVIEW_REMINDER', review.request.id);
    expect(reviewReminder.text).toMatch(
      new RegExp(`^A friendly reminder from ${v.vendorName}\\.\n\nDear Sam, a review please: ${review.link}\n`),
    );
  });

  it('sends nothing to a customer who answered, said yes or no, opted out, or whose process was cancelled', async () => {
    const { vendor: v, token } = await vendor();
    const answered = await createFeedbackRequest(t.app, v);
    const happy = await createReviewRequest(t.app, v);
    const unhappy = await createReviewRequest(t.app, v);
    const unsubscribed = await createReviewRequest(t.app, v);
    const cancelled = await createReviewRequest(t.app, v);
    const silent = await createReviewRequest(t.app, v);

    await new CustomerBrowser(t.http, answered.link).submit('/feedback', {
      rating: '2',
      wouldRefer: 'no',
      comment: '',
    });
    await new CustomerBrowser(t.http, happy.link).submit('/review', { happy: 'yes' });
    await new CustomerBrowser(t.http, unhappy.link).submit('/review', { happy: 'no' });
    const leaver = new CustomerBrowser(t.http, unsubscribed.link);
    await leaver.submit('/unsubscribe', {}, `${leaver.path}/unsubscribe`);
    await request(t.http)
      .post(`/rest-api-v1/reputation-process/${cancelled.request.processId}/cancel`)
      .set(bearer(token))
      .expect(200);

    moveClock(DUE);
    expect(await pass()).toEqual({ sent: 1, deferred: 0, skipped: 5 });
    for (const { request: req } of [happy, unhappy, unsubscribed, cancelled]) {
      expect(await messagesOf(t.app, 'REVIEW_REMINDER', req.id)).toEqual([]);
      expect(await reminderOf(t.app, req.processId)).toMatchObject({ outcome: 'CUSTOMER_ACTED' });
    }
    expect(await messagesOf(t.app, 'FEEDBACK_REMINDER', answered.request.id)).toEqual([]);
    expect(await messagesOf(t.app, 'REVIEW_REMINDER', silent.request.id)).toHaveLength(1);
  });

  it('sends nothing to a customer whose address opted out through another request of the vendor', async () => {
    const { vendor: v } = await vendor();
    const first = await createReviewRequest(t.app, v, { emailTo: 'twice@customer.example' });
    const second = await createReviewRequest(t.app, v, { emailTo: 'twice@customer.example' });
    const leaver = new CustomerBrowser(t.http, first.link);
    await leaver.submit('/unsubscribe', {}, `${leaver.path}/unsubscribe`);
    moveClock(DUE);
    await pass();
    expect(await reminderOf(t.app, second.request.processId)).toMatchObject({ outcome: 'OPTED_OUT' });
    expect(await messagesOf(t.app, 'REVIEW_REMINDER', second.request.id)).toEqual([]);
  });

  it('follows the vendor’s settings: its delay, none when switched off before or after the request', async () => {
    const { vendor: v } = await vendor();
    await automate(t.app, v.id, { reminderDelayMinutes: 60 });
    const early = await createReviewRequest(t.app, v);
    expect(await reminderOf(t.app, early.request.processId)).toMatchObject({ dueAt: new Date(minutesAfter(T0, 60)) });
    await automate(t.app, v.id, { reminderEnabled: false });
    const never = await createReviewRequest(t.app, v);
    expect(await reminderOf(t.app, never.request.processId)).toBeUndefined();
    moveClock(DUE);
    expect(await pass()).toEqual({ sent: 0, deferred: 0, skipped: 1 });
    expect(await reminderOf(t.app, early.request.processId)).toMatchObject({ outcome: 'DISABLED' });
  });

  it('defers a reminder due in quiet hours across midnight and a DST change, to their end in the vendor’s zone', async () => {
    const { vendor: v } = await vendor();
    await automate(t.app, v.id, { quietHoursStart: '20:00', quietHoursEnd: '09:00', reminderDelayMinutes: 1440 });
    // Sent 22:00 EDT on Oct 30; due 22:00 EDT on Oct 31; clocks fall back to EST at 02:00 on Nov 1.
    moveClock('2026-10-31T02:00:00.000Z');
    const { request: req, link } = await createReviewRequest(t.app, v);
    moveClock('2026-11-01T02:00:00.000Z');
    expect(await pass()).toEqual({ sent: 0, deferred: 1, skipped: 0 });
    // 09:00 EST is 14:00Z (09:00 EDT would have been 13:00Z).
    expect(await reminderOf(t.app, req.processId)).toEqual({
      dueAt: new Date('2026-11-01T14:00:00.000Z'),
      outcome: null,
    });
    moveClock('2026-11-01T13:59:00.000Z');
    expect(await pass()).toEqual({ sent: 0, deferred: 0, skipped: 0 });
    moveClock('2026-11-01T14:00:00.000Z');
    expect(await pass()).toEqual({ sent: 1, deferred: 0, skipped: 0 });
    expect((await messagesOf(t.app, 'REVIEW_REMINDER', req.id)).map(linkIn)).toEqual([link]);
  });

  it('reads quiet hours in the vendor’s own zone, not in UTC (the defaults, 20:00 to 09:00, in Regina)', async () => {
    const { vendor: v } = await vendor();
    await automate(t.app, v.id, {
      ...DEFAULT_AUTOMATION_SETTINGS,
      reminderDelayMinutes: 60,
      timeZone: 'America/Regina',
    });
    // Regina keeps UTC-6 all year (a zone whose rules do not change under the test, as Vancouver's did). Each request is sent an hour before its reminder falls due.
    const dueAt = async (iso: string) => {
      moveClock(minutesAfter(iso, -60));
      const created = await createReviewRequest(t.app, v);
      moveClock(iso);
      return created;
    };
    const afternoon = await dueAt('2027-01-15T20:00:00.000Z'); // 14:00 in Regina, 20:00 UTC: sent
    expect(await pass()).toEqual({ sent: 1, deferred: 0, skipped: 0 });
    expect(await messagesOf(t.app, 'REVIEW_REMINDER', afternoon.request.id)).toHaveLength(1);

    const evening = await dueAt('2027-01-16T03:00:00.000Z'); // 21:00 in Regina: waits for 09:00 = 15:00Z
    expect(await pass()).toEqual({ sent: 0, deferred: 1, skipped: 0 });
    const smallHours = await dueAt('2027-01-16T10:00:00.000Z'); // 04:00 in Regina, 10:00 UTC: waits too
    expect(await pass()).toEqual({ sent: 0, deferred: 1, skipped: 0 });
    for (const { request: req } of [evening, smallHours]) {
      expect(await reminderOf(t.app, req.processId)).toEqual({
        dueAt: new Date('2027-01-16T15:00:00.000Z'),
        outcome: null,
      });
    }
    moveClock('2027-01-16T14:59:00.000Z');
    expect(await pass()).toEqual({ sent: 0, deferred: 0, skipped: 0 });
    moveClock('2027-01-16T15:00:00.000Z');
    expect(await pass()).toEqual({ sent: 2, deferred: 0, skipped: 0 });
  });
});
