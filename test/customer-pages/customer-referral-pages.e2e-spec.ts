import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { Vendor } from '../../src/vendors/entities/vendor.entity';
import { CustomerBrowser, fieldErrors } from '../support/customer-pages';
import { bearer, configureReviewSites, createReviewRequest, createVendor } from '../support/factories';
import { TestApp, createTestApp } from '../support/test-app';

/** Refer a friend on the customer's page: the invitation forms, their limits, and the friend's page. */
describe('Customer referral pages (e2e)', () => {
  let t: TestApp;
  let vendor: Vendor;
  let vendorToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ vendor, token: vendorToken } = await createVendor(t.app, {
      vendorName: 'Maple & <Sons> "Renovations"',
      features: [...VENDOR_FEATURES],
    }));
    await configureReviewSites(t.app, vendor.id);
  });
  afterAll(() => t.close());

  const customer = (link: string) => new CustomerBrowser(t.http, link);

  /** A customer at the referral step (review confirmed). */
  async function atReferralStep(): Promise<CustomerBrowser> {
    const page = customer((await createReviewRequest(t.app, vendor)).link);
    await page.submit('/review', { happy: 'yes' });
    await page.submit('/review/confirm');
    return page;
  }

  async function friendLink(address: string): Promise<string> {
    const rows: { token: string }[] = await t.dataSource.query(
      'SELECT token FROM referrals WHERE vendor_id = $1 AND (friend_email = $2 OR friend_phone = $2)',
      [vendor.id, address],
    );
    return `http://localhost:3000/i/${rows[0].token}`;
  }

  it('invites at most 5 friends by email or text, once each, and never an opted-out address', async () => {
    const page = await atReferralStep();
    const friends = ['f1@example.com', 'f2@example.com', 'f3@example.com', 'f4@example.com'];
    for (const email of friends) await page.submit('/referrals/email', { referrerName: 'Sam', friendName: '', email });
    // The same friend twice is one invitation.
    await page.submit('/referrals/email', { referrerName: 'Sam', email: 'F1@example.com' });
    await page.submit('/referrals/text', { referrerName: 'Sam', friendName: 'Texted', phone: '905 555 0101' });
    const full = await page.post('/referrals/email', { referrerName: 'Sam', email: 'f6@example.com' });
    expect(full.status).toBe(400);
    expect(full.text).toContain('You have sent all your invitations. Thank you!');
    expect(await page.view()).toContain('You have sent all your invitations.');
    const rows = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM referrals r JOIN referral_requests rr ON rr.id = r.referral_request_id
         JOIN reputation_processes p ON p.id = rr.process_id WHERE p.token = $1`,
      [page.token],
    );
    expect(rows).toEqual([{ n: 5 }]);

    // A friend who unsubscribed from this vendor cannot be invited again.
    const friend = customer(await friendLink('f1@example.com'));
    expect(await friend.view(`${friend.path}/unsubscribe`)).toMatch(/Unsubscribe from/);
    await friend.submit('/unsubscribe', {}, `${friend.path}/unsubscribe`);
    expect(await friend.view(`${friend.path}/unsubscribe`)).toMatch(/You’re unsubscribed/);
    const other = await atReferralStep();
    const refused = await other.post('/referrals/email', { referrerName: 'Sam', email: 'f1@example.com' });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused.text)).toEqual({
      email: 'No invitation can be sent to this address. Please invite someone else.',
    });
    // ...and the vendor cannot message that address any more either.
    const create = await request(t.http)
      .post('/rest-api-v1/customer-feedback-system')
      .set(bearer(vendorToken))
      .send({ customerName: 'F One', email: 'f1@example.com' });
    expect(create.status).toBe(409);
  });

  it('invites a friend to a vendor at most once in 30 days, whoever invites them', async () => {
    const first = await atReferralStep();
    await first.submit('/referrals/email', { referrerName: 'Sam', email: 'popular@example.com' });
    await first.submit('/referrals/text', { referrerName: 'Sam', phone: '416 555 0188' });
    const second = await atReferralStep();
    for (const [action, field, address] of [
      ['/referrals/email', 'email', 'Popular@Example.com'],
      ['/referrals/text', 'phone', '(416) 555-0188'],
    ]) {
      const refused = await second.post(action, { referrerName: 'Kim', [field]: address });
      expect({ action, status: refused.status }).toEqual({ action, status: 400 });
      expect(fieldErrors(refused.text)).toEqual({
        [field]: 'This friend was invited recently and will not get another invitation. Thank you!',
      });
      // What was typed stays in the form.
      expect(refused.text).toContain(`value="${address}"`);
    }
    expect(
      await t.dataSource.query(
        "SELECT count(*)::int AS n FROM notification_outbox WHERE purpose = 'REFERRAL_INVITATION' AND recipient IN ($1, $2)",
        ['popular@example.com', '416-555-0188'],
      ),
    ).toEqual([{ n: 2 }]);
    // A month later the friend may be invited again.
    await t.dataSource.query(
      "UPDATE referrals SET created_at = created_at - interval '30 days 1 minute' WHERE vendor_id = $1 AND friend_email = $2",
      [vendor.id, 'popular@example.com'],
    );
    await second.submit('/referrals/email', { referrerName: 'Kim', email: 'popular@example.com' });
    expect(await second.view()).toContain('Invited so far: popular@example.com.');
  });

  it('validates the friend forms in plain words next to each field, keeping what was typed', async () => {
    const page = await atReferralStep();
    const badEmail = await page.post('/referrals/email', { referrerName: 'Sam Lee', friendName: 'Al', email: 'nope' });
    expect(badEmail.status).toBe(400);
    expect(fieldErrors(badEmail.text)).toEqual({
      email: 'Please enter your friend’s email address, for example name@example.com.',
    });
    expect(badEmail.text).toMatch(/id="email-referrer" name="referrerName" type="text" value="Sam Lee"/);
    expect(badEmail.text).toMatch(/id="email" name="email" type="email" value="nope"/);
    const badPhone = await page.post('/referrals/text', { referrerName: ' ', phone: '12' });
    expect(fieldErrors(badPhone.text)).toEqual({
      referrerName: 'Please enter your name (up to 100 characters), so your friend knows who the invitation is from.',
      phone: 'Please enter your friend’s 10-digit mobile number, for example 416 555 0123.',
    });
    await page.submit('/referrals/share', { referrerName: 'Sam Lee' });
    const shareLink = /id="share" name="share" type="text" value="([^"]+)"/.exec(await page.view())![1];
    const friend = customer(shareLink);
    const noContact = await friend.post('', { name: 'Ann', email: '', phone: '', message: 'A deck' });
    expect(noContact.status).toBe(400);
    expect(fieldErrors(noContact.text)).toEqual({
      email: 'Please give an email address or a phone number, so you can be contacted.',
    });
    expect(noContact.text).toContain('>\nA deck</textarea>');
    const noName = await friend.post('', { name: ' ', email: 'ann@example.com' });
    expect(fieldErrors(noName.text)).toEqual({ name: 'Please enter your name (up to 100 characters).' });
    // A share link was never messaged, so it has no unsubscribe page.
    expect((await request(t.http).get(`${friend.path}/unsubscribe`)).status).toBe(404);
  });
});
