import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { CustomerBrowser } from '../support/customer-pages';
import { bearer, createFeedbackRequest, createReviewRequest, createVendor } from '../support/factories';
import { waitUntil } from '../support/net';
import { messagesOf, messagesTo } from '../support/outbox';
import {
  ONE_FEEDBACK_REQUEST,
  ONE_REVIEW_REQUEST,
  ONE_REVIEW_CONFIRMED,
  vendorWithKpis,
} from '../support/reputation-kpis';
import { TestApp, createTestApp } from '../support/test-app';

describe('Reputation processes: opting out and cancelling, with their KPIs (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const customer = (link: string) => new CustomerBrowser(t.http, link);

  it('opting out terminates the process and the contact is never messaged again by that vendor', async () => {
    const { vendor, token, expectKpis } = await vendorWithKpis(t);
    const { link } = await createFeedbackRequest(t.app, vendor, {
      email: 'Zoe@Customer.example',
      phone: '416-555-0177',
    });
    await expectKpis(ONE_FEEDBACK_REQUEST);

    const zoe = customer(link);
    expect(await zoe.view(`${zoe.path}/unsubscribe`)).toMatch(/Unsubscribe from .*\?/);
    await zoe.submit('/unsubscribe', {}, `${zoe.path}/unsubscribe`);
    await expectKpis({ totalReputationProcessesTerminated: 1, totalReputationProcessesInProgress: 0 });
    expect(await zoe.view()).toMatch(/You’re unsubscribed/);
    expect(await zoe.view(`${zoe.path}/unsubscribe`)).toMatch(/You’re unsubscribed/);
    // Nothing more is recorded for an opted-out customer.
    await zoe.submit('/feedback', { rating: '5', wouldRefer: 'yes' });
    await zoe.submit('/unsubscribe', {}, `${zoe.path}/unsubscribe`);
    await expectKpis();

    for (const body of [
      { customerName: 'Zoe', email: 'zoe@customer.example' },
      { customerName: 'Zoe', phone: '(416) 555 0177' },
      { customerName: 'Zoe', email: ' ZOE@customer.example ', phone: '4165550177' },
    ]) {
      const refused = await request(t.http).post('/rest-api-v1/customer-feedback-system').set(bearer(token)).send(body);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/opted out of messages from .*: no feedback request was created or sent/);
    }
    const review = await request(t.http)
      .post('/rest-api-v1/review-requests')
      .set(bearer(token))
      .send({ firstName: 'Zoe', emailTo: 'zoe@customer.example' });
    expect(review.status).toBe(409);
    await expectKpis();

    // A new phone number of the same customer is fine; the opted-out email is left out.
    const partly = await request(t.http)
      .post('/rest-api-v1/review-requests')
      .set(bearer(token))
      .send({ firstName: 'Zoe', emailTo: 'zoe@customer.example', phone: '905-555-0100' });
    expect(partly.status).toBe(201);
    expect((await messagesOf(t.app, 'REVIEW_REQUEST', partly.body.data.id)).map((m) => m.recipient)).toEqual([
      '905-555-0100',
    ]);
    expect(partly.body.data.deliveries.map((d: { channel: string }) => d.channel)).toEqual(['SMS']);
    // Only the first feedback request ever reached the opted-out email.
    expect((await messagesTo(t.app, vendor.id, 'zoe@customer.example')).length).toBe(1);
    expect(partly.body.message).toBe(
      "The review request was created and is being sent to the customer by text message. The customer's email address opted out of your messages, so nothing is sent there.",
    );
    await expectKpis({
      totalReputationProcesses: 2,
      totalReputationProcessesInProgress: 1,
      totalReviewRequestsSent: 1,
    });

    // The opt-out belongs to this vendor only.
    const other = await createVendor(t.app, { features: [...VENDOR_FEATURES] });
    const elsewhere = await request(t.http)
      .post('/rest-api-v1/customer-feedback-system')
      .set(bearer(other.token))
      .send({ customerName: 'Zoe', email: 'zoe@customer.example' });
    expect(elsewhere.status).toBe(201);
  });

  it('gives up the messages still waiting for an address that unsubscribes', async () => {
    const { vendor } = await vendorWithKpis(t);
    const first = await createReviewRequest(t.app, vendor, { emailTo: 'wait@customer.example' });
    const second = await createFeedbackRequest(t.app, vendor, { email: 'wait@customer.example' });
    // The second message is waiting for a retry (its provider was down) when the customer unsubscribes.
    await waitUntil(async () => (await messagesOf(t.app, 'FEEDBACK_REQUEST', second.request.id))[0].status === 'SENT');
    await t.dataSource.query(
      `UPDATE notification_outbox SET status = 'PENDING', next_attempt_at = now() + interval '1 hour'
        WHERE purpose = 'FEEDBACK_REQUEST' AND subject_id = $1`,
      [second.request.id],
    );
    await customer(first.link).submit('/unsubscribe', {}, `${new URL(first.link).pathname}/unsubscribe`);
    expect(await messagesOf(t.app, 'FEEDBACK_REQUEST', second.request.id)).toEqual([
      expect.objectContaining({ status: 'FAILED', lastError: 'Not sent: the recipient unsubscribed.' }),
    ]);
  });

  it("uses the vendor's custom email wording for review requests only", async () => {
    const { vendor } = await vendorWithKpis(t);
    const review = await createReviewRequest(t.app, vendor, { firstName: 'Ivy', emailTo: 'ivy@customer.example' });
    const [reviewEmail] = await messagesOf(t.app, 'REVIEW_REQUEST', review.request.id);
    expect(reviewEmail.text).toMatch(new RegExp(`^Hi Ivy, review us: ${review.link}\n`));
    const feedback = await createFeedbackRequest(t.app, vendor, {
      customerName: 'Ivy',
      email: 'ivy2@customer.example',
    });
    const [feedbackEmail] = await messagesOf(t.app, 'FEEDBACK_REQUEST', feedback.request.id);
    expect(feedbackEmail.text).toMatch(/^Hi Ivy,\n\nThank you for choosing/);
  });

  it('accepts the one-click unsubscribe POST of mail clients (RFC 8058)', async () => {
    const { vendor, expectKpis } = await vendorWithKpis(t);
    const { link } = await createReviewRequest(t.app, vendor);
    await expectKpis(ONE_REVIEW_REQUEST);
    const path = new URL(link).pathname;
    const res = await request(t.http).post(`${path}/unsubscribe`).type('form').send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(303);
    await expectKpis({ totalReputationProcessesTerminated: 1, totalReputationProcessesInProgress: 0 });
  });

  it('opting out after the review was confirmed keeps the process completed', async () => {
    const { vendor, expectKpis } = await vendorWithKpis(t);
    const { link } = await createReviewRequest(t.app, vendor);
    const sam = customer(link);
    await sam.submit('/review', { happy: 'yes' });
    await sam.submit('/review/confirm');
    await expectKpis(ONE_REVIEW_CONFIRMED);
    await sam.submit('/unsubscribe', {}, `${sam.path}/unsubscribe`);
    // The message asking for a referral was still waiting for the customer to leave the page: it is given up.
    await expectKpis({ totalReferralRequestsPending: 0, totalReferralRequestsFailed: 1 });
    expect(await sam.view()).toMatch(/You’re unsubscribed/);
    // No referral is possible any more.
    await sam.submit('/referrals/share', { referrerName: 'Sam Tremblay' });
    await expectKpis();
  });

  it('the vendor cancels a process: terminated, the page says so, a second cancel is a 409', async () => {
    const { vendor, token, expectKpis } = await vendorWithKpis(t);
    const { request: feedback, link } = await createFeedbackRequest(t.app, vendor);
    await expectKpis(ONE_FEEDBACK_REQUEST);

    const cancel = () =>
      request(t.http).post(`/rest-api-v1/reputation-process/${feedback.processId}/cancel`).set(bearer(token));
    const res = await cancel();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: feedback.processId,
      origin: 'FEEDBACK_REQUEST',
      state: 'TERMINATED',
      step: 'FEEDBACK',
      startedAt: expect.any(String),
      endedAt: expect.any(String),
      terminationReason: 'CANCELLED_BY_VENDOR',
    });
    await expectKpis({ totalReputationProcessesTerminated: 1, totalReputationProcessesInProgress: 0 });
    const again = await cancel();
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/is terminated; only a process in progress can be cancelled/);

    const page = customer(link);
    const withdrawn = await page.view();
    expect(withdrawn).toMatch(/This request was withdrawn/);
    await page.submit('/feedback', { rating: '5', wouldRefer: 'yes' });
    await expectKpis();

    // The withdrawn request's page still lets the customer stop every message from the vendor.
    expect(withdrawn).toContain(`<a href="${page.path}/unsubscribe">Unsubscribe</a>`);
    expect(await page.view(`${page.path}/unsubscribe`)).toMatch(/Unsubscribe from /);
    await page.submit('/unsubscribe', {}, `${page.path}/unsubscribe`);
    expect(await page.view(`${page.path}/unsubscribe`)).toMatch(/You’re unsubscribed/);
  });
});
