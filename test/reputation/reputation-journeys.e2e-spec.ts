import request from 'supertest';
import { CustomerBrowser } from '../support/customer-pages';
import { bearer, createFeedbackRequest, createReviewRequest } from '../support/factories';
import { waitUntil } from '../support/net';
import { linkIn, messagesOf, messagesTo } from '../support/outbox';
import {
  ONE_FEEDBACK_REQUEST,
  ONE_REVIEW_REQUEST,
  CONFIRMING_THE_ONLY_REVIEW,
  Kpis,
  vendorWithKpis,
} from '../support/reputation-kpis';
import { TestApp, createTestApp } from '../support/test-app';

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

  const customer = (link: string) => new CustomerBrowser(t.http, link);

  it('positive feedback → the review sites → a click on every platform → review confirmed → referrals → conversion', async () => {
    const { vendor, token, expectKpis, current, locationId } = await vendorWithKpis(t);

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
    await olivia.submit('/referrals/share', { referrerName: 'Olivia Martin' });
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
    // The share link names the customer by the full name they gave for it.
    expect(await friends.view()).toMatch(/Olivia Martin recommends/);
  });

  it.each([
    [
      'email',
      { referrerName: 'Lucas', friendName: 'Ava', email: 'ava@friend.example' },
      'referralRequestsCompletedByEmail',
    ],
    ['text', { referrerName: 'Lucas', friendName: '', phone: '+1 (905) 555-0147' }, 'referralRequestsCompletedByText'],
    ['share', { referrerName: 'Lucas Brown' }, 'referralRequestsCompletedByShare'],
  ] as const)('a standalone review request completed and referred by %s', async (channel, form, field) => {
    const { token, expectKpis } = await vendorWithKpis(t);
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
    const { vendor, token, expectKpis } = await vendorWithKpis(t);
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
    const { vendor, expectKpis } = await vendorWithKpis(t);
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
    const { vendor, expectKpis } = await vendorWithKpis(t);
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
});
