import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { minutesAfter, stopClock } from '../support/automation';
import { CustomerBrowser } from '../support/customer-pages';
import { configureReviewSites, createReviewRequest } from '../support/factories';
import { type Account, OwnDatabaseApp, ofType } from '../support/own-database-app';
import { VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(60_000);

const LIMIT = 3;
const START = '2026-03-02T15:00:00.000Z';
const FULL_HEADING = 'This link has reached its limit for today';

/** A customer's share link takes at most REFERRAL_SHARE_LINK_DAILY_CONVERSIONS contact requests in any 24 hours. */
describe('Share link daily limit (e2e)', () => {
  let bed: OwnDatabaseApp;
  let vendor: Account;

  beforeAll(async () => {
    bed = await OwnDatabaseApp.start('share_link_limit', { REFERRAL_SHARE_LINK_DAILY_CONVERSIONS: String(LIMIT) });
    vendor = await bed.vendor({ features: [...VENDOR_FEATURES] });
    await configureReviewSites(bed.t.app, vendor.id);
  });
  afterAll(() => bed?.close());

  /** A customer at the referral step who asked for their share link; answers the friends' page. */
  async function shareLink(): Promise<CustomerBrowser> {
    const customer = new CustomerBrowser(bed.t.http, (await createReviewRequest(bed.t.app, vendor.entity)).link);
    await customer.submit('/review', { happy: 'yes' });
    await customer.submit('/review/confirm');
    await customer.submit('/referrals/share', { referrerName: 'Robin Côté' });
    const link = /id="share" name="share" type="text" value="([^"]+)"/.exec(await customer.view())![1];
    return new CustomerBrowser(bed.t.http, link);
  }

  const ask = (friend: CustomerBrowser, n: number) =>
    friend.post('', { name: `Friend ${n}`, email: `friend${n}@friend.example`, phone: '', message: 'A deck.' });

  async function conversionsOf(friend: CustomerBrowser): Promise<string[]> {
    const rows: { email: string }[] = await bed.t.dataSource.query(
      `SELECT c.email FROM referral_conversions c JOIN referrals r ON r.id = c.referral_id
        WHERE r.token = $1 ORDER BY c.id`,
      [friend.token],
    );
    return rows.map((row) => row.email);
  }

  /** `referral.converted` events recorded for the vendor, and webhook deliveries queued for its endpoint. */
  async function announced(endpointId: number): Promise<{ events: number; deliveries: number }> {
    const [counts]: { events: number; deliveries: number }[] = await bed.t.dataSource.query(
      `SELECT (SELECT count(*)::int FROM events WHERE vendor_id = $1 AND type = 'referral.converted') AS events,
              (SELECT count(*)::int FROM webhook_deliveries WHERE endpoint_id = $2) AS deliveries`,
      [vendor.id, endpointId],
    );
    return counts;
  }

  it('takes the limit, refuses the next with nothing stored or announced, and takes more 24 hours later', async () => {
    const endpoint = await bed.register(V, vendor.auth, '/converted', ['referral.converted']);
    const moveClock = stopClock(bed.t.app, START);
    const friend = await shareLink();

    for (let n = 1; n <= LIMIT; n++) {
      const res = await ask(friend, n);
      expect({ n, status: res.status, location: res.headers.location }).toEqual({
        n,
        status: 303,
        location: `${friend.path}?sent=1`,
      });
    }
    // The page says the link is full instead of offering a form that would be refused.
    const page = await friend.view();
    expect(page).toContain(FULL_HEADING);
    expect(page).not.toContain('<form');

    const refused = await ask(friend, LIMIT + 1);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.text).toContain(FULL_HEADING);
    expect(refused.text).toContain('Please try again tomorrow or contact');
    expect(await conversionsOf(friend)).toEqual([
      'friend1@friend.example',
      'friend2@friend.example',
      'friend3@friend.example',
    ]);
    expect(await announced(endpoint.id)).toEqual({ events: LIMIT, deliveries: LIMIT });

    // A friend who already asked and sends the form again is thanked: nothing new is stored.
    expect((await ask(friend, 1)).status).toBe(303);
    expect(await conversionsOf(friend)).toHaveLength(LIMIT);

    // A rolling 24 hours, not a calendar day: past UTC midnight the link is still full.
    moveClock(minutesAfter(START, 23 * 60));
    expect((await ask(friend, LIMIT + 1)).status).toBe(429);

    moveClock(minutesAfter(START, 24 * 60 + 1));
    expect(await friend.view()).not.toContain(FULL_HEADING);
    expect((await ask(friend, LIMIT + 1)).status).toBe(303);
    expect(await conversionsOf(friend)).toHaveLength(LIMIT + 1);

    // The receiver got one webhook per stored conversion and none for the refused ones.
    const received = await bed.receivedAt('/converted', LIMIT + 1);
    expect(await announced(endpoint.id)).toEqual({ events: LIMIT + 1, deliveries: LIMIT + 1 });
    expect(ofType(received, 'referral.converted').map((delivery) => delivery.event.data.channel)).toEqual(
      Array<string>(LIMIT + 1).fill('SHARE'),
    );
  });

  it('counts each share link on its own', async () => {
    const full = await shareLink();
    for (let n = 11; n < 11 + LIMIT; n++) expect((await ask(full, n)).status).toBe(303);
    expect((await ask(full, 99)).status).toBe(429);
    const other = await shareLink();
    expect((await ask(other, 99)).status).toBe(303);
    expect(await conversionsOf(other)).toEqual(['friend99@friend.example']);
    expect((await request(bed.t.http).get(other.path)).text).not.toContain(FULL_HEADING);
  });
});
