import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { CustomerBrowser, fieldErrors } from '../support/customer-pages';
import { bearer, createAdmin, createFeedbackRequest, createLead, createVendor } from '../support/factories';
import { expectError } from '../support/envelope-assertions';
import { image } from '../support/images';
import { TestApp, createTestApp } from '../support/test-app';

const INT32_MAX = 2_147_483_647;

/**
 * Writings of the number n that Number() or parseInt() read as n, but that are not plain decimal
 * digits: each must be refused, never taken for n.
 */
const writingsOf = (n: number): string[] => [
  `${n}e0`,
  `${n}E0`,
  `0x${n.toString(16)}`,
  `0X${n.toString(16)}`,
  `0b${n.toString(2)}`,
  `0o${n.toString(8)}`,
  `+${n}`,
  `0${n}`,
  `00${n}`,
  ` ${n}`,
  `${n} `,
  `\t${n}`,
  `${n}\n`,
  `${n}.0`,
  `${n}.`,
  `${n}abc`,
];

/** Plain digits, but outside the id's range. */
const outOfRange = (max: number): string[] => [
  '0',
  '-1',
  '-0',
  String(max + 1),
  '9223372036854775808',
  '9'.repeat(400),
];

/** Ids and integer query values are plain decimal digits (`0|[1-9][0-9]*`) within their range; else 400. */
describe('Canonical numbers in paths, queries and form fields (e2e)', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let vendorAuth: Record<string, string>;
  let vendorId: number;
  let leadId: number;
  let processId: number;
  let requiredDocId: number;
  let feedbackLink: string;

  beforeAll(async () => {
    t = await createTestApp();
    manager = bearer((await createAdmin(t.app)).token);
    const { vendor, token } = await createVendor(t.app, { features: [...VENDOR_FEATURES] });
    vendorAuth = bearer(token);
    vendorId = vendor.id;
    leadId = Number((await createLead(t.app, vendorId)).id);
    const feedback = await createFeedbackRequest(t.app, vendor);
    processId = feedback.request.processId;
    feedbackLink = feedback.link;
    [{ id: requiredDocId }] = await t.dataSource.query('SELECT id FROM required_doc_types ORDER BY id LIMIT 1');
  });
  afterAll(() => t.close());

  const vendorApi = (method: 'get' | 'post' | 'patch', path: string) =>
    request(t.http)[method](`/rest-api-v1${path}`).set(vendorAuth);
  const managerApi = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string) =>
    request(t.http)[method](`/rest-manager-api-v1${path}`).set(manager);

  /** Each route with integer path parameters; `id` is the writing under test, the others stay valid. */
  const PATH_ROUTES: { route: string; real: () => number; max: number; send: (id: string) => request.Test }[] = [
    {
      route: 'GET /general-leads/{id}',
      real: () => leadId,
      max: Number.MAX_SAFE_INTEGER,
      send: (id) => vendorApi('get', `/general-leads/${id}`),
    },
    {
      route: 'POST /general-leads/{id}/accept',
      real: () => leadId,
      max: Number.MAX_SAFE_INTEGER,
      send: (id) => vendorApi('post', `/general-leads/${id}/accept`),
    },
    {
      route: 'POST /general-leads/{id}/decline',
      real: () => leadId,
      max: Number.MAX_SAFE_INTEGER,
      send: (id) => vendorApi('post', `/general-leads/${id}/decline`).send({ declineReason: 'Too far away' }),
    },
    {
      route: 'PATCH /general-leads/{id}/post-lead-status',
      real: () => leadId,
      max: Number.MAX_SAFE_INTEGER,
      send: (id) => vendorApi('patch', `/general-leads/${id}/post-lead-status`).send({ postLeadStatus: 'JOB_WON' }),
    },
    {
      route: 'POST /reputation-process/{processId}/cancel',
      real: () => processId,
      max: Number.MAX_SAFE_INTEGER,
      send: (id) => vendorApi('post', `/reputation-process/${id}/cancel`),
    },
    {
      route: 'GET /vendors/{vendorId}/features',
      real: () => vendorId,
      max: INT32_MAX,
      send: (id) => managerApi('get', `/vendors/${id}/features`),
    },
    {
      route: 'PATCH /vendors/{vendorId}',
      real: () => vendorId,
      max: INT32_MAX,
      send: (id) => managerApi('patch', `/vendors/${id}`).send({ cityName: 'Ottawa' }),
    },
    {
      route: 'GET /vendors/{vendorId}/review-settings',
      real: () => vendorId,
      max: INT32_MAX,
      send: (id) => managerApi('get', `/vendors/${id}/review-settings`),
    },
    {
      route: 'GET /vendors/{vendorId}/gallery',
      real: () => vendorId,
      max: INT32_MAX,
      send: (id) => managerApi('get', `/vendors/${id}/gallery`),
    },
    {
      route: 'DELETE /vendors/{vendorId}/gallery/{imageId}',
      real: () => 1,
      max: INT32_MAX,
      send: (id) => managerApi('delete', `/vendors/${vendorId}/gallery/${id}`),
    },
    {
      route: 'PUT /vendors/{vendorId}/required-docs/{requiredDocId}',
      real: () => requiredDocId,
      max: INT32_MAX,
      send: (id) => managerApi('put', `/vendors/${vendorId}/required-docs/${id}`).send({ dateReceived: '2026-01-05' }),
    },
  ];

  it.each(PATH_ROUTES.map((r) => [r.route, r] as const))(
    '%s refuses every other writing of a real id, and out-of-range digits, with a 400 envelope',
    async (_route, { real, max, send }) => {
      for (const writing of [...writingsOf(real()), ...outOfRange(max)]) {
        const res = await send(encodeURIComponent(writing));
        expect({ writing, status: res.status }).toEqual({ writing, status: 400 });
        expectError(res, 400, /^Invalid request: \w+ must be a whole number from 1 to \d+, written in plain digits\.$/);
      }
    },
  );

  it('still reads plain ids, up to the largest of each column', async () => {
    expect((await vendorApi('get', `/general-leads/${leadId}`)).status).toBe(200);
    expect((await managerApi('get', `/vendors/${vendorId}/features`)).status).toBe(200);
    expectError(await vendorApi('get', `/general-leads/${Number.MAX_SAFE_INTEGER}`), 404, /not found/i);
    expectError(await managerApi('get', `/vendors/${INT32_MAX}/features`), 404, /not found/i);
  });

  const LISTS: [string, (query: string) => request.Test][] = [
    ['GET /rest-api-v1/general-leads', (query) => vendorApi('get', `/general-leads?${query}`)],
    ['GET /rest-api-v1/customer-feedback-system', (query) => vendorApi('get', `/customer-feedback-system?${query}`)],
    ['GET /rest-manager-api-v1/vendors', (query) => managerApi('get', `/vendors?${query}`)],
  ];

  it.each(LISTS)(
    '%s refuses page and size written other than in plain digits, with a 400 envelope',
    async (_r, list) => {
      const refused = [
        ...writingsOf(1).map((w) => `page=${encodeURIComponent(w)}`),
        ...writingsOf(1).map((w) => `size=${encodeURIComponent(w)}`),
        'page=-0',
        'page=1000001',
        'page=',
        'size=0',
        'size=101',
        'page=1&page=2',
      ];
      for (const query of refused) {
        const res = await list(query);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
        expectError(
          res,
          400,
          /^Invalid request: (page|size) must be a whole number from \d+ to \d+, written in plain digits\.$/,
        );
      }
      for (const query of ['page[]=1', 'page[a]=1']) expectError(await list(query), 400, /^Invalid request: /);
    },
  );

  it.each(LISTS)('%s still takes plain page and size values', async (_r, list) => {
    for (const query of ['page=0&size=1', 'page=1000000&size=100', 'size=10', '']) {
      const res = await list(query);
      expect({ query, status: res.status }).toEqual({ query, status: 200 });
    }
  });

  it('refuses maxWidth and maxHeight of an upload written other than in plain digits', async () => {
    const png = await image('png', 40, 20);
    const upload = (field: string, value: string) =>
      managerApi('post', `/vendors/${vendorId}/gallery`)
        .field(field, value)
        .attach('files[]', png, { filename: 'a.png' });
    for (const field of ['maxWidth', 'maxHeight']) {
      for (const writing of writingsOf(500)) {
        const res = await upload(field, writing);
        expect({ field, writing, status: res.status }).toEqual({ field, writing, status: 400 });
        expectError(res, 400, new RegExp(`^Invalid request: ${field} must be a whole number from 1 to 4000`));
      }
    }
    expect((await managerApi('get', `/vendors/${vendorId}/gallery`)).body.data).toEqual([]);
    expect((await upload('maxWidth', '500')).status).toBe(201);
  });

  it('refuses a star rating written other than in plain digits on the customer page', async () => {
    const page = new CustomerBrowser(t.http, feedbackLink);
    for (const rating of writingsOf(5)) {
      const res = await page.post('/feedback', { rating, wouldRefer: 'yes' });
      expect({ rating, status: res.status }).toEqual({ rating, status: 400 });
      expect(fieldErrors(res.text)).toEqual({ rating: 'Please choose a rating from 1 to 5 stars.' });
    }
    await page.submit('/feedback', { rating: '5', wouldRefer: 'yes' });
  });
});
