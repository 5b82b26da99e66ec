import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import type { Vendor } from '../../src/vendors/entities/vendor.entity';
import { CustomerBrowser, referralLead } from '../support/customer-pages';
import { configureReviewSites, createReviewRequest, createVendor } from '../support/factories';
import { type TestApp, createTestApp } from '../support/test-app';

/** The page's language and the links it carries, as a browser sending `acceptLanguage` gets them. */
async function pageIn(t: TestApp, path: string, acceptLanguage?: string) {
  const call = request(t.http).get(path);
  if (acceptLanguage !== undefined) call.set('Accept-Language', acceptLanguage);
  const res = await call;
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return {
    lang: /<html lang="([^"]+)">/.exec(res.text)?.[1],
    // The links and forms of the journey, not the switch link to the other language (marked with its lang).
    carried: [...res.text.matchAll(/(?:href|action)="(\/[ri]\/[^"]*)"(?! lang=)/g)].some(([, link]) =>
      link.includes('lang='),
    ),
  };
}

/**
 * A page reached without a language choice follows the browser's `Accept-Language`, then the journey's
 * language (the process's, the inviter's); a choice made with the switch link wins and is carried.
 */
describe('The pages in the visitor’s language (e2e)', () => {
  let t: TestApp;
  let quebec: Vendor;

  beforeAll(async () => {
    t = await createTestApp();
    ({ vendor: quebec } = await createVendor(t.app, {
      vendorName: 'Rénovations Côté',
      provinceName: 'QC',
      features: [...VENDOR_FEATURES],
    }));
    await configureReviewSites(t.app, quebec.id);
  });
  afterAll(() => t.close());

  it('follows the browser’s language on a French customer’s page, else the process’s', async () => {
    const { path } = new CustomerBrowser(t.http, (await createReviewRequest(t.app, quebec)).link);
    const cases: [string | undefined, string][] = [
      ['en-US,en;q=0.9', 'en-CA'],
      ['de-DE,de;q=0.9,en;q=0.5', 'en-CA'],
      ['fr-CA,fr;q=0.9,en;q=0.8', 'fr-CA'],
      ['en;q=0.5,fr', 'fr-CA'],
      // Nothing the pages are written in, any language, or no header: the process's language.
      ['es-MX,es;q=0.9', 'fr-CA'],
      ['*', 'fr-CA'],
      [undefined, 'fr-CA'],
    ];
    for (const [acceptLanguage, lang] of cases) {
      expect({ acceptLanguage, ...(await pageIn(t, path, acceptLanguage)) }).toEqual({
        acceptLanguage,
        lang,
        carried: false,
      });
    }
  });

  it('keeps a language picked with the switch link over the browser’s, on every link and form after it', async () => {
    const page = new CustomerBrowser(t.http, (await createReviewRequest(t.app, quebec)).link);
    expect(await pageIn(t, `${page.path}?lang=fr`, 'en-US')).toEqual({ lang: 'fr-CA', carried: true });
    const answered = await page.post('/review?lang=fr', { happy: 'yes' }).set('Accept-Language', 'en-US');
    expect({ status: answered.status, location: answered.headers.location }).toEqual({
      status: 303,
      location: `${page.path}?lang=fr`,
    });
  });

  it('gives a friend opening a French customer’s share link in an English browser English, and the lead too', async () => {
    const customer = new CustomerBrowser(t.http, (await createReviewRequest(t.app, quebec)).link);
    await customer.submit('/review', { happy: 'yes' });
    await customer.submit('/review/confirm');
    await customer.submit('/referrals/share', { referrerName: 'Anaïs' });
    const shareLink = /value="(https?:\/\/[^"]+\/i\/[A-Za-z0-9_-]{24})"/.exec(await customer.view())![1];
    const friend = new CustomerBrowser(t.http, shareLink);

    expect(await pageIn(t, friend.path, 'en-CA,en;q=0.9')).toEqual({ lang: 'en-CA', carried: false });
    expect(await pageIn(t, friend.path)).toEqual({ lang: 'fr-CA', carried: false });
    const sent = await friend
      .post('', { name: 'Jordan Smith', email: 'jordan@friend.example' })
      .set('Accept-Language', 'en-CA,en;q=0.9');
    expect(sent.status).toBe(303);
    await expect(referralLead(t, 'jordan@friend.example')).resolves.toMatchObject({ customerLocale: 'en' });
  });
});
