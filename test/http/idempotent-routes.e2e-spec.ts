import { ApplicationConfig } from '@nestjs/core';
import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { bearer, createAdmin, createVendor } from '../support/factories';
import { expectError } from '../support/envelope-assertions';
import { image } from '../support/images';
import { TestApp, createTestApp } from '../support/test-app';

interface Document {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
}

const WRITES = ['post', 'put', 'patch', 'delete'];
/** Writes whose answer is never kept (`@AnswerNeverKept`): a repeat runs again, answering as the first did. */
const NEVER_KEPT = ['POST /rest-manager-api-v1/customer-data/export'];

/** docs/contract.md#idempotency as the OpenAPI document declares it: every write with an Idempotency-Key runs once. */
describe('Idempotent writes, route by route (e2e)', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let vendor: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    manager = bearer((await createAdmin(t.app)).token);
    vendor = bearer((await createVendor(t.app, { features: [...VENDOR_FEATURES] })).token);
  });
  afterAll(() => t.close());

  let keys = 0;
  const newKey = () => `routes-${Date.now()}-${++keys}`;

  it('answers a repeat of every write of the document with the first answer, byte for byte', async () => {
    const document = (await request(t.http).get('/docs-json')).body as Document;
    const upload = await image('png', 20, 20);
    const wrong: string[] = [];
    let writes = 0;
    for (const [template, item] of Object.entries(document.paths)) {
      if (!template.startsWith('/rest-')) continue;
      for (const method of WRITES.filter((m) => item[m])) {
        writes++;
        // Ids that exist nowhere: the route answers (a 4xx is kept as well as a 2xx) and changes nothing.
        const path = template.replace(/\{\w+\}/g, '999999');
        const auth = template.startsWith('/rest-api-v1') ? vendor : manager;
        const multipart = 'multipart/form-data' in (item[method].requestBody?.content ?? {});
        const key = newKey();
        const send = () => {
          const call = request(t.http)[method as 'post'](path).set(auth).set('Idempotency-Key', key);
          return multipart ? call.attach('files[]', upload, { filename: 'a.png' }) : call.send({});
        };
        const first = await send();
        const repeat = await send();
        const route = `${method.toUpperCase()} ${template}`;
        const answered = NEVER_KEPT.includes(route)
          ? repeat.headers['idempotent-replayed'] === undefined
          : repeat.headers['idempotent-replayed'] === 'true';
        const replayed = first.status < 500 && answered && repeat.status === first.status && repeat.text === first.text;
        if (!replayed) wrong.push(`${route}: ${first.status} then ${repeat.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(writes).toBeGreaterThanOrEqual(30);
  });

  it('compares bodies as JSON values: another key order or spacing is the same request', async () => {
    const key = newKey();
    const post = (json: string) =>
      request(t.http)
        .post('/rest-api-v1/customer-feedback-system')
        .set(vendor)
        .set('Idempotency-Key', key)
        .set('Content-Type', 'application/json')
        .send(json);
    const first = await post('{"customerName":"Jane Doe","email":"order@customer.example"}');
    expect(first.status).toBe(201);
    const reordered = await post('{ "email" : "order@customer.example",\n  "customerName" : "Jane Doe" }');
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(reordered.text).toBe(first.text);
    expectError(await post('{"customerName":"Jane Doe","email":"other@customer.example"}'), 422, /different request/);
  });

  it('issues an API token once per key and never keeps it: a repeat is a 409 and the first token stays valid', async () => {
    const { vendor: issued } = await createVendor(t.app);
    const key = newKey();
    const issue = () =>
      request(t.http)
        .post(`/rest-manager-api-v1/vendors/${issued.id}/api-token`)
        .set(manager)
        .set('Idempotency-Key', key);
    const first = await issue();
    expect(first.status).toBe(201);
    const token = first.body.data.token as string;
    expectError(await issue(), 409, /already issued its credential, which is shown only once/);
    // The repeat issued no second token: the first still works.
    expect((await request(t.http).get('/rest-api-v1/general-leads').set(bearer(token))).status).toBe(200);
    const kept = await t.dataSource.query(`SELECT status, body FROM idempotency_keys WHERE key = $1`, [key]);
    expect(kept).toEqual([{ status: 201, body: null }]);
    const [{ n }] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM idempotency_keys WHERE position($1 IN coalesce(body, '')) > 0`,
      [token],
    );
    expect(n).toBe(0);
  });

  it('binds its interceptors to the write routes only: no global interceptor runs on a read', () => {
    expect(t.app.get(ApplicationConfig).getGlobalInterceptors()).toEqual([]);
  });
});
