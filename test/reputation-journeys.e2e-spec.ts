import request from 'supertest';
import { ReputationKpiResponse } from '../src/reputation-kpi/dto/reputation-kpi.response';
import { KPI_FIELDS } from '../src/reputation-kpi/kpis';
import { VENDOR_FEATURES } from '../src/auth/vendor-account';
import { Vendor } from '../src/vendors/entities/vendor.entity';
import { CustomerBrowser } from './support/customer-pages';
import {
  bearer,
  configureReviewSites,
  createFeedbackRequest,
  createReviewRequest,
  createVendor,
} from './support/factories';
import { waitUntil } from './support/net';
import { linkIn, messagesOf, messagesTo } from './support/outbox';
import { TestApp, createTestApp } from './support/test-app';

type Kpis = Record<keyof ReputationKpiResponse, number>;
const ZERO = Object.fromEntries(KPI_FIELDS.map((field) => [field, 0])) as Kpis;
/** The KPIs of a vendor whose only process so far is a new feedback request, or a new review request. */
const ONE_FEEDBACK_REQUEST: Partial<Kpis> = {
  totalReputationProcesses: 1,
  totalReputationProcessesInProgress: 1,
  totalFeedbackRequestsSent: 1,
  incompleteFeedbackRequests: 1,
};
const ONE_REVIEW_REQUEST: Partial<Kpis> = {
  totalReputationProcesses: 1,
  totalReputationProcessesInProgress: 1,
  totalReviewRequestsSent: 1,
};
/** What confirming the review of a vendor's only process changes. */
const CONFIRMING_THE_ONLY_REVIEW: Partial<Kpis> = {
  totalReviewsCompleted: 1,
  totalReputationProcessesCompleted: 1,
  totalReputationProcessesInProgress: 0,
  totalReferralRequestsSent: 1,
  totalReferralRequestsPending: 1,
};
/** ...whose only process is a standalone review request the customer confirmed. */
const ONE_REVIEW_CONFIRMED: Partial<Kpis> = {
  totalReputationProcesses: 1,
  totalReputationProcessesCompleted: 1,
  totalReviewRequestsSent: 1,
  yesClicks: 1,
  totalReviewsCompleted: 1,
  totalReferralRequestsSent: 1,
  totalReferralRequestsPending: 1,
};

/**
 * Whole customer journeys through the vendor API and the customer's pages, with every one of the 28
 * KPIs asserted after each step.
 */
describe('Reputation journeys and KPIs (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A vendor with every feature, and a running expectation of its KPIs checked in full. */
  async function vendorWithKpis() {
    const { vendor, token } = await createVendor(t.app, { features: [...VENDOR_FEATURES] });
    const settings = await configureReviewSites(t.app, vendor.id, {
      customEmailMessage: 'Hi {firstName}, review us: {link}',
    });
    let expected: Kpis = { ...ZERO };
    const kpis = async (query = ''): Promise<Kpis> => {
      const res = await request(t.http).get(`/rest-api-v1/reputation-process/kpi${query}`).set(bearer(token));
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data)).toEqual([...KPI_FIELDS]);
      return res.body.data as Kpis;
    };
    /** Applies the changes to the expectation, then compares all 28 values. */
    const expectKpis = async (changes: Partial<Kpis> = {}) => {
      expected = { ...expected, ...changes };
      expect(await kpis()).toEqual(expected);
    };
    await expectKpis();
    return { vendor, token, kpis, expectKpis, current: () => expected, locationId: settings.reviewLocations[0].id };
  }

  const customer = (link: string) => new CustomerBrowser(t.http, link);

  it('positive feedback → the review sites → a click on every platform → review confirmed → referrals → conversion', async () => {
    const { vendor, token, expectKpis, current, locationId } = await vendorWithKpis();

    const created = await request(t.http)
      .post('/rest-api-v1/customer-feedback-system')
      .set(bearer(token))
      .send({ customerName: 'Olivia Martin', email: 'olivia@customer.example' });
    expect(created.status).toBe(201);
    expect(created.body.data.deliveries).toEqual([
      expect.objectContaining({ channel: 'EMAIL', status: expect.stringMatching(/^(PENDING|SENT)$/) }),
    ]);
    await expectKpis(ONE_FEEDBACK_REQUEST);

    // The customer's way in: the link of the email queued with the request.
    const [email] = await messagesOf(t.app, 'FEEDBACK_REQUEST', created.body.data.id);
    expect(email).toMatchObject({ channel: 'EMAIL', recipient: 'olivia@customer.example' });
    expect(email.subject).toBe(`How did ${vendor.vendorName} do?`);
    expect(email.text).toMatch(/^Hi Olivia,/);
    const olivia = customer(linkIn(email));
    expect(await olivia.view()).toMatch(/Hi Olivia, how did .* do\?/);
    await waitUntil(
      async () => (await messagesOf(t.app, 'FEEDBACK_REQUEST', created.body.data.id))[0].status === 'SENT',
    );
    const listed = await request(t.http).get('/rest-api-v1/customer-feedback-system').set(bearer(token));
    expect(listed.body.data.content[0].deliveries).toEqual([
      {
        channel: 'EMAIL',
        status: 'SENT',
        attempts: 1,
        errorCode: null,
        lastError: null,
        sentAt: expect.any(String),
        nextAttemptAt: null,
      },
    ]);

    await olivia.submit('/feedback', { rating: '5', wouldRefer: 'yes', comment: 'Tidy and on time.' });
    await expectKpis({
      positiveFeedbacks: 1,
      completedFeedbackRequests: 1,
      incompleteFeedbackRequests: 0,
      feedbackAverageStarRating: 5,
      totalWouldRefer: 1,
      totalReviewRequestsSent: 1,
    });
    // 5 stars said it: no "are you happy?" again, the review sites at once, with the comment to reuse.
    const linksPage = await olivia.view();
    expect(linksPage).not.toMatch(/are you happy with/);
    expect(linksPage).toContain('>\nTidy and on time.</textarea>');
    // "I posted my review" is asked only once the customer has been to a review site.
    expect(linksPage).not.toContain('I posted my review');
    await olivia.submit('/review', { happy: 'yes' });
    await expectKpis();
    for (const target of ['google', `google/${locationId}`, 'facebook', 'bbb', 'other']) {
      expect(linksPage).toContain(`href="${olivia.path}/go/${target}"`);
    }

    const clicks: [string, string, keyof Kpis][] = [
      ['google', 'https://g.page/r/main/review', 'googleReviewLinkClicks'],
      [`google/${locationId}`, 'https://g.page/r/west/review', 'googleReviewLinkClicks'],
      ['facebook', 'https://www.facebook.com/acme/reviews', 'facebookReviewLinkClicks'],
      ['bbb', 'https://www.bbb.org/acme/leave-review', 'bbbReviewLinkClicks'],
      ['other', 'https://homestars.com/acme/review', 'otherReviewLinkClicks'],
    ];
    for (const [target, url, field] of clicks) {
      const res = await olivia.go(target);
      expect({ target, status: res.status, location: res.headers.location }).toEqual({
        target,
        status: 302,
        location: url,
      });
      expect(res.headers['referrer-policy']).toBe('same-origin');
      await expectKpis({ totalReviewLinkClicks: current().totalReviewLinkClicks + 1, [field]: current()[field] + 1 });
    }

    expect(await olivia.view()).toContain('Did you post your review?');
    await olivia.submit('/review/confirm');
    await expectKpis(CONFIRMING_THE_ONLY_REVIEW);
    expect(await olivia.view()).toMatch(/Thank you for your review, Olivia!/);
    // The referral request goes to the customer, with the same link, once they have left the page.
    const referralRequests = await messagesTo(t.app, vendor.id, 'olivia@customer.example');
    expect(referralRequests.map((m) => m.subject)).toEqual([
      `How did ${vendor.vendorName} do?`,
      `Know someone who could use ${vendor.vendorName}?`,
    ]);
    expect(linkIn(referralRequests[1])).toBe(linkIn(email));
    const [{ delay }] = await t.dataSource.query(
      `SELECT extract(epoch FROM next_attempt_at - created_at)::int AS delay FROM notification_outbox
        WHERE vendor_id = $1 AND purpose = 'REFERRAL_REQUEST'`,
      [vendor.id],
    );
    expect(delay).toBe(3600);
    // Confirming twice (a reload, the back button) changes nothing.
    await olivia.submit('/review/confirm');
    await expectKpis();

    await olivia.submit('/referrals/email', {
      referrerName: 'Olivia M.',
      friendName: 'Noah Friend',
      email: 'Noah@Friend.example',
    });
    await expectKpis({
      totalReferralRequestsPending: 0,
      referralRequestsCompleted: 1,
      referralRequestsCompletedByEmail: 1,
    });
    // She referred a friend on the page, so the message asking her to is not sent.
    expect((await messagesTo(t.app, vendor.id, 'olivia@customer.example'))[1]).toMatchObject({
      status: 'FAILED',
      lastError: 'Not sent: the customer referred a friend on the page.',
    });
    // More referrals by the other channels: recorded, but the referral request was completed once.
    await olivia.submit('/referrals/text', { referrerName: 'Olivia', phone: '(416) 555-0123' });
    await olivia.submit('/referrals/share');
    await expectKpis();
    const referralPage = await olivia.view();
    expect(referralPage).toContain('Invited so far: Noah Friend, 416-555-0123.');
    const shareLink = /id="share" name="share" type="text" value="([^"]+)"/.exec(referralPage)![1];
    expect(shareLink).toMatch(/^http:\/\/localhost:3000\/i\/[A-Za-z0-9_-]{24}$/);

    const [invitation] = await messagesTo(t.app, vendor.id, 'noah@friend.example');
    // The invitation names who referred the friend, as she gave her name.
    expect(invitation).toMatchObject({ channel: 'EMAIL', subject: `Olivia M. recommends ${vendor.vendorName}` });
    expect(invitation.text).toMatch(/^Hi Noah,\n\nOlivia M\. recently worked with/);
    const [text] = await messagesTo(t.app, vendor.id, '416-555-0123');
    expect(text).toMatchObject({
      channel: 'SMS',
      text: expect.stringMatching(
        /^Hi there, Olivia recommends .* to you\. Have a look: \S+\nReply STOP to opt out\.$/,
      ),
    });
    const noah = customer(linkIn(invitation));
    expect(await noah.view()).toMatch(/Olivia M\. recommends/);
    await noah.submit(
      '',
      { name: 'Noah Friend', email: 'noah@friend.example', phone: '', message: 'A new deck.' },
      `${noah.path}?sent=1`,
    );
    await expectKpis({ totalReferralConversions: 1 });
    // A personal invitation converts once; its page now thanks the friend.
    await noah.submit('', { name: 'Noah Again', email: 'noah2@friend.example' }, `${noah.path}?sent=1`);
    await expectKpis();
    expect(await noah.view()).toMatch(/has your request and will be in touch/);

    // The share link converts once per friend.
    const friends = customer(shareLink);
    await friends.submit('', { name: 'Emma', phone: '416 555 0199' }, `${friends.path}?sent=1`);
    await friends.submit('', { name: 'Liam', email: 'liam@friend.example' }, `${friends.path}?sent=1`);
    await friends.submit('', { name: 'Emma again', phone: '4165550199' }, `${friends.path}?sent=1`);
    await expectKpis({ totalReferralConversions: 3 });
    expect(await friends.view()).toMatch(/Olivia recommends/);
  });

  it.each([
    [
      'email',
      { referrerName: 'Lucas', friendName: 'Ava', email: 'ava@friend.example' },
      'referralRequestsCompletedByEmail',
    ],
    ['text', { referrerName: 'Lucas', friendName: '', phone: '+1 (905) 555-0147' }, 'referralRequestsCompletedByText'],
    ['share', {}, 'referralRequestsCompletedByShare'],
  ] as const)('a standalone review request completed and referred by %s', async (channel, form, field) => {
    const { token, expectKpis } = await vendorWithKpis();
    const created = await request(t.http)
      .post('/rest-api-v1/review-requests')
      .set(bearer(token))
      .send({ firstName: 'Lucas', lastName: 'Brown', phone: '416.555.0110' });
    expect(created.status).toBe(201);
    const [sms] = await messagesOf(t.app, 'REVIEW_REQUEST', created.body.data.id);
    expect(sms).toMatchObject({ channel: 'SMS', recipient: '416-555-0110' });
    await expectKpis(ONE_REVIEW_REQUEST);

    const lucas = customer(linkIn(sms));
    expect(await lucas.view()).toMatch(/Hi Lucas, are you happy with/);
    await lucas.submit('/review', { happy: 'yes' });
    await expectKpis({ yesClicks: 1 });
    await lucas.submit('/review/confirm');
    await expectKpis(CONFIRMING_THE_ONLY_REVIEW);
    await lucas.submit(`/referrals/${channel}`, form);
    await expectKpis({ totalReferralRequestsPending: 0, referralRequestsCompleted: 1, [field]: 1 });
  });

  it('negative feedback completes the process and asks for private feedback, the review sites below', async () => {
    const { vendor, token, expectKpis } = await vendorWithKpis();
    const { link } = await createFeedbackRequest(t.app, vendor, { customerName: 'Mia Wilson' });
    await expectKpis(ONE_FEEDBACK_REQUEST);

    const mia = customer(link);
    await mia.submit('/feedback', { rating: '2', wouldRefer: 'no', comment: '' });
    await expectKpis({
      negativeFeedbacks: 1,
      completedFeedbackRequests: 1,
      incompleteFeedbackRequests: 0,
      feedbackAverageStarRating: 2,
      totalReputationProcessesCompleted: 1,
      totalReputationProcessesInProgress: 0,
      // No review gating: the review sites are offered to her too, below the private feedback form.
      totalReviewRequestsSent: 1,
    });
    const privateFeedbackPage = await mia.view();
    expect(privateFeedbackPage).toMatch(/sorry to hear that, Mia/);
    expect(privateFeedbackPage.indexOf('name="message"')).toBeLessThan(privateFeedbackPage.indexOf('/go/google"'));
    await mia.submit('/private-feedback', { message: 'The crew left a mess.' });
    await expectKpis();
    const finished = await mia.view();
    expect(finished).toMatch(/Your feedback has been sent to/);
    expect(finished).toContain(`href="${mia.path}/go/facebook"`);
    // The yes/no question is not hers; a review site she follows counts.
    await mia.submit('/review', { happy: 'yes' });
    await expectKpis();
    const click = await mia.go('google');
    expect({ status: click.status, location: click.headers.location }).toEqual({
      status: 302,
      location: 'https://g.page/r/main/review',
    });
    await expectKpis({ totalReviewLinkClicks: 1, googleReviewLinkClicks: 1 });

    const list = await request(t.http).get('/rest-api-v1/customer-feedback-system').set(bearer(token));
    expect(list.body.data.content[0]).toMatchObject({
      customerName: 'Mia Wilson',
      answered: true,
      rating: 2,
      wouldRefer: false,
      comment: null,
      privateFeedback: 'The crew left a mess.',
      processState: 'COMPLETED',
      processStep: 'FINISHED',
    });
  });

  it('a negative answer with a comment needs no further private feedback; the average has two decimals', async () => {
    const { vendor, expectKpis } = await vendorWithKpis();
    const ratings = [3, 4, 4];
    for (const rating of ratings) {
      const { link } = await createFeedbackRequest(t.app, vendor);
      await customer(link).submit('/feedback', { rating: String(rating), wouldRefer: 'yes', comment: 'ok' });
    }
    await expectKpis({
      totalReputationProcesses: 3,
      totalReputationProcessesCompleted: 1,
      totalReputationProcessesInProgress: 2,
      totalFeedbackRequestsSent: 3,
      positiveFeedbacks: 2,
      negativeFeedbacks: 1,
      completedFeedbackRequests: 3,
      feedbackAverageStarRating: 3.67,
      totalWouldRefer: 3,
      totalReviewRequestsSent: 3,
    });
  });

  it('"not happy" completes a review request and asks for private feedback', async () => {
    const { vendor, expectKpis } = await vendorWithKpis();
    const { link } = await createReviewRequest(t.app, vendor, { firstName: 'Ethan' });
    await expectKpis(ONE_REVIEW_REQUEST);
    const ethan = customer(link);
    await ethan.submit('/review', { happy: 'no' });
    await expectKpis({ noClicks: 1, totalReputationProcessesCompleted: 1, totalReputationProcessesInProgress: 0 });
    const page = await ethan.view();
    expect(page).toMatch(/sorry to hear that, Ethan/);
    expect(page).toContain(`href="${ethan.path}/go/bbb"`);
    await ethan.submit('/review', { happy: 'yes' });
    await expectKpis();
  });

  it('opting out terminates the process and the contact is never messaged again by that vendor', async () => {
    const { vendor, token, expectKpis } = await vendorWithKpis();
    const { link } = await createFeedbackRequest(t.app, vendor, {
      email: 'Zoe@Customer.example',
      phone: '416-555-0177',
    });
    await expectKpis(ONE_FEEDBACK_REQUEST);

    const zoe = customer(link);
    expect(await zoe.view(`${zoe.path}/unsubscribe`)).toMatch(/Unsubscribe from .*\?/);
    await zoe.submit('/unsubscribe', {}, `${zoe.path}/unsubscribe`);
    await expectKpis({ totalReputationProcessesTerminated: 1, totalReputationProcessesInProgress: 0 });
    expect(await zoe.view()).toMatch(/You&#39;re unsubscribed/);
    expect(await zoe.view(`${zoe.path}/unsubscribe`)).toMatch(/You&#39;re unsubscribed/);
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
    const { vendor } = await vendorWithKpis();
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
    const { vendor } = await vendorWithKpis();
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
    const { vendor, expectKpis } = await vendorWithKpis();
    const { link } = await createReviewRequest(t.app, vendor);
    await expectKpis(ONE_REVIEW_REQUEST);
    const path = new URL(link).pathname;
    const res = await request(t.http).post(`${path}/unsubscribe`).type('form').send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(303);
    await expectKpis({ totalReputationProcessesTerminated: 1, totalReputationProcessesInProgress: 0 });
  });

  it('opting out after the review was confirmed keeps the process completed', async () => {
    const { vendor, expectKpis } = await vendorWithKpis();
    const { link } = await createReviewRequest(t.app, vendor);
    const sam = customer(link);
    await sam.submit('/review', { happy: 'yes' });
    await sam.submit('/review/confirm');
    await expectKpis(ONE_REVIEW_CONFIRMED);
    await sam.submit('/unsubscribe', {}, `${sam.path}/unsubscribe`);
    // The message asking for a referral was still waiting for the customer to leave the page: it is given up.
    await expectKpis({ totalReferralRequestsPending: 0, totalReferralRequestsFailed: 1 });
    expect(await sam.view()).toMatch(/You&#39;re unsubscribed/);
    // No referral is possible any more.
    await sam.submit('/referrals/share');
    await expectKpis();
  });

  it('the vendor cancels a process: terminated, the page says so, a second cancel is a 409', async () => {
    const { vendor, token, expectKpis } = await vendorWithKpis();
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
    expect(await page.view()).toMatch(/This request was withdrawn/);
    await page.submit('/feedback', { rating: '5', wouldRefer: 'yes' });
    await expectKpis();
  });

  it('counts a delivery that failed for good as a failed referral request, not a pending one', async () => {
    const { vendor, expectKpis } = await vendorWithKpis();
    const { link } = await createReviewRequest(t.app, vendor);
    const sam = customer(link);
    await sam.submit('/review', { happy: 'yes' });
    await sam.submit('/review/confirm');
    await expectKpis(ONE_REVIEW_CONFIRMED);
    await failReferralRequestMessages(vendor);
    await expectKpis({ totalReferralRequestsPending: 0, totalReferralRequestsFailed: 1 });
    // Completed by the customer after all: completed, neither pending nor failed.
    await sam.submit('/referrals/share');
    await expectKpis({
      totalReferralRequestsFailed: 0,
      referralRequestsCompleted: 1,
      referralRequestsCompletedByShare: 1,
    });
  });

  it('counts only events inside from/to (UTC days, both inclusive)', async () => {
    const { vendor, kpis } = await vendorWithKpis();
    // Journey 1 happened on 2026-03-10 and was answered on 2026-03-12; journey 2 is today.
    const { link } = await createFeedbackRequest(t.app, vendor);
    await customer(link).submit('/feedback', { rating: '4', wouldRefer: 'no' });
    await backdate(vendor, { started: '2026-03-10T23:59:59.999Z', answered: '2026-03-12T00:00:00Z' });
    await createFeedbackRequest(t.app, vendor);

    const march10 = await kpis('?from=2026-03-10&to=2026-03-10');
    expect(march10).toEqual({
      ...ZERO,
      totalReputationProcesses: 1,
      // Unanswered at the end of the window.
      totalReputationProcessesInProgress: 1,
      totalFeedbackRequestsSent: 1,
      incompleteFeedbackRequests: 1,
    });
    expect(await kpis('?from=2026-03-11T00:00:00Z&to=2026-03-12')).toEqual({
      ...ZERO,
      positiveFeedbacks: 1,
      completedFeedbackRequests: 1,
      feedbackAverageStarRating: 4,
      totalReviewRequestsSent: 1,
    });
    expect(await kpis('?from=2026-03-01&to=2026-03-31')).toEqual({
      ...ZERO,
      totalReputationProcesses: 1,
      totalReputationProcessesInProgress: 1,
      totalFeedbackRequestsSent: 1,
      positiveFeedbacks: 1,
      completedFeedbackRequests: 1,
      feedbackAverageStarRating: 4,
      totalReviewRequestsSent: 1,
    });
    expect(await kpis('?to=2026-03-09')).toEqual(ZERO);
    expect(await kpis('?from=2026-03-13')).toEqual({
      ...ZERO,
      totalReputationProcesses: 1,
      totalReputationProcessesInProgress: 1,
      totalFeedbackRequestsSent: 1,
      incompleteFeedbackRequests: 1,
    });
    expect(await kpis()).toEqual({
      ...ZERO,
      totalReputationProcesses: 2,
      totalReputationProcessesInProgress: 2,
      totalFeedbackRequestsSent: 2,
      positiveFeedbacks: 1,
      completedFeedbackRequests: 1,
      incompleteFeedbackRequests: 1,
      feedbackAverageStarRating: 4,
      totalReviewRequestsSent: 1,
    });
  });

  /** Every message of the vendor's referral requests fails for good (the provider refused it). */
  async function failReferralRequestMessages(vendor: Vendor): Promise<void> {
    await t.dataSource.query(
      `UPDATE notification_outbox SET status = 'FAILED', last_error = 'Refused' WHERE vendor_id = $1 AND purpose = 'REFERRAL_REQUEST'`,
      [vendor.id],
    );
  }

  /** Moves the vendor's only journey so far into the past: started (and events) then, answered later. */
  async function backdate(vendor: Vendor, at: { started: string; answered: string }): Promise<void> {
    await t.dataSource.query(
      `UPDATE reputation_events SET occurred_at = CASE WHEN type = 'FEEDBACK_REQUESTED' THEN $2::timestamptz ELSE $3::timestamptz END
        WHERE vendor_id = $1`,
      [vendor.id, at.started, at.answered],
    );
    await t.dataSource.query('UPDATE reputation_processes SET started_at = $2 WHERE vendor_id = $1', [
      vendor.id,
      at.started,
    ]);
    await t.dataSource.query('UPDATE feedback_requests SET created_at = $2, answered_at = $3 WHERE vendor_id = $1', [
      vendor.id,
      at.started,
      at.answered,
    ]);
    await t.dataSource.query('UPDATE review_requests SET created_at = $2 WHERE vendor_id = $1', [
      vendor.id,
      at.answered,
    ]);
  }
});
