import request from 'supertest';
import { rateLimitConfig } from '../../src/config/rate-limit.config';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { Vendor } from '../../src/vendors/entities/vendor.entity';
import { CustomerBrowser, fieldErrors } from '../support/customer-pages';
import { configureReviewSites, createFeedbackRequest, createReviewRequest, createVendor } from '../support/factories';
import { TestApp, createTestApp, withConfig } from '../support/test-app';

/** The customer's and the referred friend's pages: HTML, escaping, headers, errors, limits. */
describe('Customer pages (e2e)', () => {
  let t: TestApp;
  let vendor: Vendor;

  beforeAll(async () => {
    t = await createTestApp();
    ({ vendor } = await createVendor(t.app, {
      vendorName: 'Maple & <Sons> "Renovations"',
      features: [...VENDOR_FEATURES],
    }));
    await configureReviewSites(t.app, vendor.id);
  });
  afterAll(() => t.close());

  const customer = (link: string) => new CustomerBrowser(t.http, link);

  it('escapes everything it shows: a script in the customer name or the vendor name stays text', async () => {
    const { link } = await createFeedbackRequest(t.app, vendor, { customerName: '<script>alert(1)</script> Doe' });
    const html = await customer(link).view();
    expect(html).toContain(
      'Hi &lt;script&gt;alert(1)&lt;/script&gt;, how did Maple &amp; &lt;Sons&gt; &quot;Renovations&quot; do?',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<Sons>');

    const review = customer(
      (await createReviewRequest(t.app, vendor, { firstName: '"><img src=x onerror=alert(1)>' })).link,
    );
    const page = await review.view();
    expect(page).toContain('Hi &quot;&gt;&lt;img src=x onerror=alert(1)&gt;, are you happy');
    expect(page).not.toMatch(/<img/);
  });

  it('sends a strict policy with every page: only its own files, no inline script, no framing, no referrer, no caching', async () => {
    const { link } = await createFeedbackRequest(t.app, vendor);
    const res = await request(t.http).get(new URL(link).pathname);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    // The one stylesheet is a file of the same origin, named by its content and cached for good.
    const [, stylesheet] = /<link rel="stylesheet" href="(\/assets\/customer-pages\.[0-9a-f]{12}\.css)" \/>/.exec(
      res.text,
    )!;
    const css = await request(t.http).get(stylesheet);
    expect({ status: css.status, type: css.headers['content-type'], cache: css.headers['cache-control'] }).toEqual({
      status: 200,
      type: 'text/css; charset=utf-8',
      cache: 'public, max-age=31536000, immutable',
    });
    expect(css.text).toContain('prefers-color-scheme:dark');
    expect((await request(t.http).get('/assets/customer-pages.000000000000.css')).status).toBe(404);
    expect(res.headers).toMatchObject({
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
    });
    // The one script is a file too (the copy buttons'); nothing inline.
    const [, script] = /<script src="(\/assets\/customer-pages\.[0-9a-f]{12}\.js)" defer><\/script>/.exec(res.text)!;
    const js = await request(t.http).get(script);
    expect({ status: js.status, type: js.headers['content-type'] }).toEqual({
      status: 200,
      type: 'text/javascript; charset=utf-8',
    });
    expect(res.text.replace(/<script src="[^"]+" defer><\/script>/, '')).not.toMatch(/<script|onclick|javascript:/i);
  });

  it.each([
    ['an unknown token', '/r/AAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a malformed token', '/r/not-a-token'],
    ['an overlong token', `/r/${'a'.repeat(500)}`],
    ['an unknown friend link', '/i/AAAAAAAAAAAAAAAAAAAAAAAA'],
    ['an unknown unsubscribe link', '/r/AAAAAAAAAAAAAAAAAAAAAAAA/unsubscribe'],
    ['an unknown review link', '/r/AAAAAAAAAAAAAAAAAAAAAAAA/go/google'],
  ])('answers %s with a friendly 404 page', async (_case, path) => {
    const res = await request(t.http).get(path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<h1>This link is not valid</h1>');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('answers a POST to an unknown link with the 404 page, changing nothing', async () => {
    const res = await request(t.http)
      .post('/r/AAAAAAAAAAAAAAAAAAAAAAAA/feedback')
      .type('form')
      .send({ rating: '5', wouldRefer: 'yes' });
    expect(res.status).toBe(404);
    expect(res.text).toContain('This link is not valid');
  });

  it('refuses a form posted from another site (its Origin, or its Referer without one) with a 403 page', async () => {
    const page = customer((await createFeedbackRequest(t.app, vendor)).link);
    const answer = { rating: '5', wouldRefer: 'yes' };
    for (const sentFrom of [
      { Origin: 'https://pages.attacker.example' },
      { Origin: 'null' },
      { Origin: 'http://localhost:3001' },
      // Origins that begin as the service's own does.
      { Origin: 'http://localhost:30001' },
      { Origin: 'http://localhost:3000.attacker.example' },
      { Referer: 'http://localhost:3000.attacker.example/r/form.html' },
      { Referer: 'https://pages.attacker.example/form.html' },
    ]) {
      const res = await page.post('/feedback', answer).set(sentFrom);
      expect({ sentFrom, status: res.status }).toEqual({ sentFrom, status: 403 });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    expect(await page.view()).toMatch(/how did/);
    // From the service's own pages (PUBLIC_BASE_URL's origin), it is taken.
    const own = await page.post('/feedback', answer).set({ Origin: 'http://localhost:3000' });
    expect({ status: own.status, location: own.headers.location }).toEqual({ status: 303, location: page.path });
    expect(await page.view()).not.toMatch(/how did/);
  });

  it.each([
    [{ rating: '6', wouldRefer: 'yes', comment: 'Kept' }, 'rating', 'Please choose a rating from 1 to 5 stars.'],
    [{ rating: 'five', wouldRefer: 'yes', comment: 'Kept' }, 'rating', 'Please choose a rating from 1 to 5 stars.'],
    [{ wouldRefer: 'yes', comment: 'Kept' }, 'rating', 'Please choose a rating from 1 to 5 stars.'],
    [{ rating: '4', comment: 'Kept' }, 'wouldRefer', 'Please choose yes or no.'],
    [{ rating: '4', wouldRefer: 'maybe', comment: 'Kept' }, 'wouldRefer', 'Please choose yes or no.'],
    [
      { rating: '4', wouldRefer: 'yes', comment: 'x'.repeat(2001) },
      'comment',
      'Please keep your comment under 2,000 characters.',
    ],
  ])('shows the feedback form %j again, with what was typed and the error next to %s', async (form, field, message) => {
    const page = customer((await createFeedbackRequest(t.app, vendor)).link);
    const res = await page.post('/feedback', form);
    expect(res.status).toBe(400);
    expect(res.text).toContain('<h1>Hi Jane, how did');
    expect(fieldErrors(res.text)).toEqual({ [field]: message });
    expect(res.text).toContain(`>\n${form.comment}</textarea>`);
    if ('rating' in form && form.rating === '4') expect(res.text).toContain('name="rating" value="4" checked');
    expect(await page.view()).toMatch(/how did/);
  });

  it('asks for a message before sending empty private feedback', async () => {
    const page = customer((await createReviewRequest(t.app, vendor)).link);
    await page.submit('/review', { happy: 'no' });
    const res = await page.post('/private-feedback', { message: '   ' });
    expect(res.status).toBe(400);
    expect(fieldErrors(res.text)).toEqual({ message: 'Please write your message (up to 2,000 characters).' });
  });

  it('refuses an unknown or disabled review site with the 404 page', async () => {
    const page = customer((await createReviewRequest(t.app, vendor)).link);
    await page.submit('/review', { happy: 'yes' });
    for (const target of ['yelp', 'google/999', 'GOOGLE']) {
      const res = await page.go(target);
      expect({ target, status: res.status }).toEqual({ target, status: 404 });
    }
  });

  it('shows only the sites the vendor enabled and configured, and none when there is none', async () => {
    const { vendor: googleOnly } = await createVendor(t.app);
    await configureReviewSites(t.app, googleOnly.id, {
      facebookReviewEnabled: false,
      bbbReviewEnabled: true,
      bbbReviewUrl: null,
      otherReviewEnabled: false,
      reviewLocations: [],
    });
    const page = customer((await createReviewRequest(t.app, googleOnly)).link);
    await page.submit('/review', { happy: 'yes' });
    const html = await page.view();
    expect(html.match(/href="[^"]*\/go\/[^"]*"/g)).toEqual([`href="${page.path}/go/google"`]);
    expect(html).toContain('Review on Google (Main office)');
    for (const target of ['facebook', 'bbb', 'other']) expect((await page.go(target)).status).toBe(404);

    const { vendor: none } = await createVendor(t.app);
    const nothing = customer((await createReviewRequest(t.app, none)).link);
    await nothing.submit('/review', { happy: 'yes' });
    const thanks = await nothing.view();
    expect(thanks).toMatch(/Thank you for your answer\./);
    expect(thanks).not.toContain('I posted my review');
  });

  it('sends a review link back to the page, uncounted, before the customer said yes', async () => {
    const page = customer((await createReviewRequest(t.app, vendor)).link);
    const res = await page.go('facebook');
    expect({ status: res.status, location: res.headers.location }).toEqual({ status: 303, location: page.path });
    const clicks = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM reputation_events e JOIN reputation_processes p ON p.id = e.process_id
        WHERE p.token = $1 AND e.type = 'REVIEW_LINK_CLICKED'`,
      [page.token],
    );
    expect(clicks).toEqual([{ n: 0 }]);
  });

  it('keeps a GET free of side effects: viewing any page records nothing', async () => {
    const { link } = await createFeedbackRequest(t.app, vendor);
    const page = customer(link);
    for (let i = 0; i < 3; i++) {
      await page.view();
      await page.view(`${page.path}/unsubscribe`);
    }
    const events = await t.dataSource.query(
      `SELECT e.type FROM reputation_events e JOIN reputation_processes p ON p.id = e.process_id WHERE p.token = $1`,
      [page.token],
    );
    expect(events).toEqual([{ type: 'FEEDBACK_REQUESTED' }]);
  });

  it('is not part of the JSON API document', async () => {
    const doc = (await request(t.http).get('/docs-json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => /^\/(r|i)\//.test(path))).toEqual([]);
  });
});

describe('Customer pages over the rate limit (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: [withConfig(rateLimitConfig, { limit: 3, windowMs: 60_000 })] });
  });
  afterAll(() => t.close());

  it('answers the page after the limit with a 429 page and Retry-After, per client IP', async () => {
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await request(t.http).get('/r/AAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(replies.map((r) => r.status)).toEqual([404, 404, 404, 429]);
    const limited = replies[3];
    expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(limited.text).toContain('<h1>Too many requests</h1>');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('Unsubscribing and the pages’ files over the per-IP limit (e2e)', () => {
  let t: TestApp;
  let vendor: Vendor;
  const exhaust = async () => {
    for (let i = 0; i < 3; i++) await request(t.http).get('/r/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await request(t.http).get('/r/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(429);
  };
  beforeAll(async () => {
    t = await createTestApp({ config: [withConfig(rateLimitConfig, { limit: 3, windowMs: 60_000 })] });
    ({ vendor } = await createVendor(t.app, { vendorName: 'Cedar & Sons', features: [...VENDOR_FEATURES] }));
  });
  afterAll(() => t.close());

  it('serves the stylesheet and script without counting them', async () => {
    const page = await request(t.http).get('/r/AAAAAAAAAAAAAAAAAAAAAAAA');
    const files = [...page.text.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map(([, path]) => path);
    expect(files).toHaveLength(2);
    for (let i = 0; i < 5; i++) for (const file of files) expect((await request(t.http).get(file)).status).toBe(200);
    // The page above was the first counted request: two more pass.
    expect((await request(t.http).get('/r/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await request(t.http).get('/r/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await request(t.http).get('/r/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(429);
    for (const file of files) expect((await request(t.http).get(file)).status).toBe(200);
  });

  it('takes a one-click unsubscribe (RFC 8058) and shows the unsubscribe page of a valid link whatever the address did', async () => {
    const review = new CustomerBrowser(t.http, (await createReviewRequest(t.app, vendor)).link);
    await exhaust();
    const oneClick = await request(t.http)
      .post(`${review.path}/unsubscribe`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(303);
    expect(await review.view(`${review.path}/unsubscribe`)).toMatch(/You’re unsubscribed/);
    // A link that is not ours is counted and refused as before.
    expect((await request(t.http).post('/r/AAAAAAAAAAAAAAAAAAAAAAAA/unsubscribe').type('form').send('')).status).toBe(
      429,
    );
  });

  it('styles the 429 page of a valid link and names its vendor, in the customer’s language', async () => {
    const review = new CustomerBrowser(t.http, (await createReviewRequest(t.app, vendor, { locale: 'fr' })).link);
    await exhaust();
    const limited = await request(t.http).get(review.path);
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(limited.text).toMatch(/<link rel="stylesheet" href="\/assets\/customer-pages\.[0-9a-f]{12}\.css" \/>/);
    expect(limited.text).toContain('<header class="brand">Cedar &amp; Sons</header>');
    expect(limited.text).toContain('<h1>Trop de demandes</h1>');
  });
});
