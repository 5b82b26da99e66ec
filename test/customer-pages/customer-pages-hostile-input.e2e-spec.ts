import fc from 'fast-check';
import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { CustomerBrowser } from '../support/customer-pages';
import { createFeedbackRequest, createReviewRequest, createVendor } from '../support/factories';
import { TestApp, createTestApp } from '../support/test-app';

/** Hostile input against every customer page: never a 5xx, never JSON, never internals. */
describe('Customer pages under hostile input (e2e, property-based)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const PROCESS_ACTIONS = [
    ['post', '/feedback'],
    ['post', '/review'],
    ['post', '/review/confirm'],
    ['post', '/private-feedback'],
    ['post', '/referrals/email'],
    ['post', '/referrals/text'],
    ['post', '/referrals/share'],
    ['post', '/unsubscribe'],
    ['get', ''],
    ['get', '/unsubscribe'],
    ['get', '/go/google'],
    ['get', '/go/google/1'],
  ] as const;
  const INVITATION_ACTIONS = [
    ['post', ''],
    ['get', ''],
    ['get', '/unsubscribe'],
    ['post', '/unsubscribe'],
  ] as const;
  const FIELDS = [
    'rating',
    'wouldRefer',
    'comment',
    'happy',
    'message',
    'referrerName',
    'friendName',
    'email',
    'phone',
    'name',
  ];
  const junk = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      '5',
      '0',
      '-1',
      '1e3',
      'yes',
      'no',
      '',
      ' ',
      'x'.repeat(3000),
      '<script>',
      '\u0000',
      '%00',
      '416-555-0100',
    ),
  );

  it('answers any form, on any step, with a page or a redirect', async () => {
    const { vendor } = await createVendor(t.app, { features: [...VENDOR_FEATURES] });
    const paths: string[] = ['/r/AAAAAAAAAAAAAAAAAAAAAAAA', '/i/AAAAAAAAAAAAAAAAAAAAAAAA'];
    for (let i = 0; i < 3; i++) paths.push(new URL((await createFeedbackRequest(t.app, vendor)).link).pathname);
    const referral = new CustomerBrowser(t.http, (await createReviewRequest(t.app, vendor)).link);
    await referral.submit('/review', { happy: 'yes' });
    await referral.submit('/review/confirm');
    paths.push(referral.path);
    await referral.submit('/referrals/share', { referrerName: 'Ann Lee' });
    paths.push(new URL(/id="share" name="share" type="text" value="([^"]+)"/.exec(await referral.view())![1]).pathname);

    const wrong: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...paths)
          .chain((path) =>
            fc.tuple(
              fc.constant(path),
              fc.constantFrom(...(path.startsWith('/r/') ? PROCESS_ACTIONS : INVITATION_ACTIONS)),
            ),
          ),
        fc.dictionary(fc.constantFrom(...FIELDS), junk, { maxKeys: 4 }),
        fc.constantFrom('form', 'json'),
        async ([path, [method, action]], form, type) => {
          const call =
            method === 'get'
              ? request(t.http).get(`${path}${action}`)
              : request(t.http).post(`${path}${action}`).type(type).send(form);
          const res = await call;
          const fine =
            [200, 302, 303, 400, 404, 415].includes(res.status) &&
            (res.status === 302 || res.status === 303 || res.headers['content-type'] === 'text/html; charset=utf-8') &&
            !/\.ts:\d+|QueryFailedError|node_modules|SELECT /.test(res.text);
          if (!fine)
            wrong.push(`${method} ${path}${action} ${JSON.stringify(form)}: ${res.status} ${res.text.slice(0, 200)}`);
          return fine;
        },
      ),
      { numRuns: 300 },
    );
    expect(wrong).toEqual([]);
  });
});
