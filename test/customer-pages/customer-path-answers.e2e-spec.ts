import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import type { Vendor } from '../../src/vendors/entities/vendor.entity';
import { CustomerBrowser } from '../support/customer-pages';
import { configureReviewSites, createFeedbackRequest, createVendor } from '../support/factories';
import { type TestApp, createTestApp } from '../support/test-app';

/** What a browser shows of an answer: its status, type, language, tab title and the link it offers. */
function shown(res: request.Response) {
  return {
    status: res.status,
    type: res.headers['content-type'],
    csp: /default-src 'none'/.test(res.headers['content-security-policy'] ?? ''),
    lang: /<html lang="([^"]+)">/.exec(res.text)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(res.text)?.[1],
    link: /<main>[\s\S]*<a href="([^"]+)">/.exec(res.text)?.[1] ?? null,
  };
}

const HTML = 'text/html; charset=utf-8';

/**
 * Every answer under the customer pages' paths is a page in the customer's language, never the API's
 * JSON: a form's address opened as a link (405), the bare prefixes and unknown paths under them (404),
 * a body too large for a form (413). Elsewhere the API's envelope stays.
 */
describe('Every answer under the customer pages’ paths (e2e)', () => {
  let t: TestApp;
  let quebec: Vendor;
  let frenchPage: CustomerBrowser;

  beforeAll(async () => {
    t = await createTestApp();
    ({ vendor: quebec } = await createVendor(t.app, {
      vendorName: 'Rénovations Côté',
      provinceName: 'QC',
      features: [...VENDOR_FEATURES],
    }));
    await configureReviewSites(t.app, quebec.id);
    frenchPage = new CustomerBrowser(t.http, (await createFeedbackRequest(t.app, quebec)).link);
  });
  afterAll(() => t.close());

  it('answers a form’s address opened as a link with a page in the customer’s language, leading to their page', async () => {
    const res = await request(t.http).get(`${frenchPage.path}/feedback`);
    expect(shown(res)).toEqual({
      status: 405,
      type: HTML,
      csp: true,
      lang: 'fr-CA',
      title: 'Cette page ne peut pas être ouverte de cette façon',
      link: frenchPage.path,
    });
    expect(res.headers.allow).toBe('POST');
    // The browser's language first, as on every page.
    const english = await request(t.http).get(`${frenchPage.path}/feedback`).set('Accept-Language', 'en-CA');
    expect(shown(english)).toMatchObject({ status: 405, lang: 'en-CA', title: 'This page cannot be opened this way' });
  });

  it('answers an unknown path under a live link with a 404 page in its language, leading to the link’s page', async () => {
    for (const path of [`${frenchPage.path}/nope`, `${frenchPage.path}/go/nowhere/at/all`]) {
      expect({ path, ...shown(await request(t.http).get(path)) }).toEqual({
        path,
        status: 404,
        type: HTML,
        csp: true,
        lang: 'fr-CA',
        title: 'Ce lien n’est pas valide',
        link: frenchPage.path,
      });
    }
  });

  it.each(['/r/', '/r', '/i/', '/l/', '/l/AAAAAAAAAAAAAAAAAAAAAAAA', '/R/x/y/z', '/assets/', '/assets/nothing.css'])(
    'answers %s with a 404 page in the browser’s language',
    async (path) => {
      const french = await request(t.http).get(path).set('Accept-Language', 'fr-CA,fr;q=0.9');
      expect(shown(french)).toEqual({
        status: 404,
        type: HTML,
        csp: true,
        lang: 'fr-CA',
        title: 'Ce lien n’est pas valide',
        link: null,
      });
      expect(shown(await request(t.http).get(path))).toMatchObject({ status: 404, type: HTML, lang: 'en-CA' });
    },
  );

  it('answers other methods under the paths with a page, and a form body too large to read with one', async () => {
    const deleted = await request(t.http).delete(frenchPage.path);
    expect(shown(deleted)).toMatchObject({ status: 405, type: HTML, lang: 'fr-CA', link: frenchPage.path });
    const huge = await frenchPage.post('/feedback', { rating: '5', wouldRefer: 'yes', comment: 'x'.repeat(200_000) });
    expect(shown(huge)).toMatchObject({ status: 413, type: HTML, lang: 'fr-CA', title: 'Une erreur s’est produite' });
  });

  it('leaves the API’s answers in its JSON envelope', async () => {
    const res = await request(t.http).get('/nothing-here');
    expect({ status: res.status, type: res.headers['content-type'], body: res.body }).toEqual({
      status: 404,
      type: 'application/json; charset=utf-8',
      body: { success: false, error: 'The requested resource was not found.' },
    });
  });
});
