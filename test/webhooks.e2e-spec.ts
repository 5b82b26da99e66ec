import request from 'supertest';
import { webhooksConfig } from '../src/config/webhooks.config';
import { LeadsService } from '../src/leads/leads.service';
import { bearer, createAdmin, createLead, createVendor } from './support/factories';
import { expectError } from './support/envelope-assertions';
import { waitUntil } from './support/net';
import { TestApp, createTestApp, withConfig } from './support/test-app';
import { adminQuery, assertTestDatabase, databaseUrl } from './support/test-database';
import { ReceivedWebhook, WebhookReceiver, verified } from './support/webhook-receiver';

jest.setTimeout(60_000);

// Webhook workers of other test files' apps would claim these deliveries, so this file runs on a
// database of its own.
const DATABASE = `${process.env.E2E_DATABASE_NAME}_webhooks`;
const MAX_ATTEMPTS = 3;
const DISABLE_AFTER = 5;
const V = '/rest-api-v1';
const M = '/rest-manager-api-v1';
const DAY = 24 * 3_600_000;

let receiver: WebhookReceiver;
let t: TestApp;
let manager: Record<string, string>;

interface Account {
  id: number;
  auth: Record<string, string>;
}

async function vendorAccount(): Promise<Account> {
  const { vendor, token } = await createVendor(t.app);
  return { id: vendor.id, auth: bearer(token) };
}

async function register(
  api: string,
  auth: Record<string, string>,
  path: string,
  events: string[] = ['*'],
): Promise<{ id: number; secret: string }> {
  const res = await request(t.http)
    .post(`${api}/webhook-endpoints`)
    .set(auth)
    .send({ url: receiver.url(path), events });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; secret: string };
}

/** Waits until `count` requests reached `path`, and answers them. */
async function receivedAt(path: string, count = 1): Promise<ReceivedWebhook[]> {
  await waitUntil(() => Promise.resolve(receiver.at(path).length >= count));
  return receiver.at(path);
}

const ofType = (requests: ReceivedWebhook[], type: string) => requests.filter((r) => r.event.type === type);

beforeAll(async () => {
  assertTestDatabase(DATABASE);
  await adminQuery(`CREATE DATABASE ${DATABASE}`);
  receiver = await WebhookReceiver.start();
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl(DATABASE),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_ALLOW_INSECURE: 'true',
    WEBHOOK_POLL_INTERVAL_MS: '50',
    WEBHOOK_BACKOFF_BASE_MS: '50',
    WEBHOOK_BACKOFF_MAX_MS: '200',
    WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    WEBHOOK_TIMEOUT_MS: '300',
    WEBHOOK_LEASE_MS: '5000',
    WEBHOOK_DISABLE_AFTER_FAILURES: String(DISABLE_AFTER),
  });
  t = await createTestApp();
  manager = bearer((await createAdmin(t.app)).token);
});

afterAll(async () => {
  await t?.close();
  await receiver.close();
  await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
});

describe('Lead events by webhook (e2e)', () => {
  it('delivers each lead event, signed, with the vendor view of the lead, to the vendor and to managers only', async () => {
    const [vendor, other] = [await vendorAccount(), await vendorAccount()];
    const mine = await register(V, vendor.auth, '/lead/mine');
    const theirs = await register(V, other.auth, '/lead/theirs');
    const managers = await register(M, manager, '/lead/manager', ['lead.assigned', 'lead.accepted']);

    const assigned = await request(t.http).post(`${M}/vendors/${vendor.id}/leads`).set(manager).send({
      category: 'Roofing',
      customerName: 'Jane Homeowner',
      customerEmail: 'jane@customer.example',
      customerPhone: '416-555-0199',
      customerAddress: '12 Queen St W',
      projectDetailsHtml: '<p>Roof</p>',
      originalJobDescription: 'Leaking roof.',
    });
    expect(assigned.status).toBe(201);
    const leadId = assigned.body.data.id;
    const [first] = await receivedAt('/lead/mine');
    expect(verified(mine.secret, first)).toEqual(first.event);
    expect(first.headers['webhook-id']).toBe(first.event.id);
    expect(first.event).toMatchObject({ type: 'lead.assigned', vendorId: vendor.id });
    // Before acceptance a webhook shows no contact details, as the vendor API does not.
    expect(first.event.data).toMatchObject({ id: leadId, customerName: 'Jane Homeowner', customerEmail: null });
    expect(first.event.data).toEqual(
      (await request(t.http).get(`${V}/events`).set(vendor.auth)).body.data.content[0].data,
    );

    await request(t.http).get(`${V}/general-leads/${leadId}`).set(vendor.auth).expect(200);
    await request(t.http).post(`${V}/general-leads/${leadId}/accept`).set(vendor.auth).expect(200);
    await request(t.http)
      .patch(`${V}/general-leads/${leadId}/post-lead-status`)
      .set(vendor.auth)
      .send({ postLeadStatus: 'QUOTE_SENT' })
      .expect(200);
    const declined = await createLead(t.app, vendor.id);
    await request(t.http)
      .post(`${V}/general-leads/${declined.id}/decline`)
      .set(vendor.auth)
      .send({ declineReason: 'Too far.' })
      .expect(200);
    const overdue = await createLead(t.app, vendor.id, { dateCreated: new Date(Date.now() - 4 * DAY) });
    await t.app.get(LeadsService).expireOverdue();

    const all = await receivedAt('/lead/mine', 8);
    for (const delivery of all) expect(verified(mine.secret, delivery)).toEqual(delivery.event);
    expect(all.map((r) => r.event.type).sort()).toEqual([
      'lead.accepted',
      'lead.assigned',
      'lead.assigned',
      'lead.assigned',
      'lead.declined',
      'lead.expired',
      'lead.status_changed',
      'lead.viewed',
    ]);
    const accepted = ofType(all, 'lead.accepted')[0].event.data;
    expect(accepted).toMatchObject({ vendorLeadAction: 'ACCEPT', customerEmail: 'jane@customer.example' });
    expect(ofType(all, 'lead.viewed')[0].event.data).toMatchObject({ id: leadId, customerEmail: null });
    expect(ofType(all, 'lead.status_changed')[0].event.data).toMatchObject({ postLeadStatus: 'QUOTE_SENT' });
    expect(ofType(all, 'lead.declined')[0].event.data).toMatchObject({ id: declined.id, declineReason: 'Too far.' });
    expect(ofType(all, 'lead.expired')[0].event.data).toMatchObject({
      id: overdue.id,
      vendorLeadAction: 'EXPIRED',
      customerEmail: null,
    });

    // The manager's endpoint hears only the types it asked for; the other vendor hears nothing.
    const heard = await receivedAt('/lead/manager', 4);
    for (const delivery of heard) expect(verified(managers.secret, delivery)).toEqual(delivery.event);
    expect(new Set(heard.map((r) => r.event.type))).toEqual(new Set(['lead.assigned', 'lead.accepted']));
    expect(receiver.at('/lead/theirs')).toEqual([]);
    expect(theirs.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  });

  it('serves the same events, in order, on the vendor and manager feeds', async () => {
    const vendor = await vendorAccount();
    await register(V, vendor.auth, '/feed');
    const leads = [];
    for (let i = 0; i < 5; i++) leads.push(await createLead(t.app, vendor.id));
    const pushed = await receivedAt('/feed', 5);

    const ids: string[] = [];
    let after: string | undefined;
    for (;;) {
      const res = await request(t.http)
        .get(`${V}/events`)
        .query({ limit: 2, ...(after ? { after } : {}) })
        .set(vendor.auth)
        .expect(200);
      ids.push(...res.body.data.content.map((e: { id: string }) => e.id));
      after = res.body.data.nextAfter;
      if (!res.body.data.hasMore) break;
    }
    expect(ids).toEqual(pushed.map((r) => r.event.id).sort((a, b) => Number(a.slice(4)) - Number(b.slice(4))));
    const managerFeed = await request(t.http).get(`${M}/events`).query({ limit: 100 }).set(manager).expect(200);
    const managerIds: string[] = managerFeed.body.data.content.map((e: { id: string }) => e.id);
    expect(managerIds.filter((id) => ids.includes(id))).toEqual(ids);

    // Another vendor's event id is not a cursor of this vendor; bad values are clear 400s.
    const stranger = await vendorAccount();
    expectError(
      await request(t.http).get(`${V}/events`).query({ after: ids[0] }).set(stranger.auth),
      400,
      /after must be the id of one of your events/,
    );
    expectError(await request(t.http).get(`${V}/events`).query({ limit: 'abc' }).set(vendor.auth), 400, /limit/);
    expectError(await request(t.http).get(`${V}/events`).query({ after: '12' }).set(vendor.auth), 400, /after/);
  });
});

describe('Webhook delivery (e2e)', () => {
  it('retries a failing receiver with the same webhook-id until it answers 2xx', async () => {
    const vendor = await vendorAccount();
    const endpoint = await register(V, vendor.auth, '/flaky');
    let calls = 0;
    receiver.answer = (r) => (r.path === '/flaky' && ++calls <= 2 ? 500 : 200);
    await createLead(t.app, vendor.id);
    const attempts = await receivedAt('/flaky', 3);
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(attempts.map((r) => r.body)).size).toBe(1);
    for (const attempt of attempts) expect(verified(endpoint.secret, attempt)).toBeDefined();

    await waitUntil(async () => {
      const res = await request(t.http).get(`${V}/webhook-endpoints/${endpoint.id}/deliveries`).set(vendor.auth);
      return res.body.data.content[0]?.status === 'SUCCEEDED';
    });
    const [delivery] = (await request(t.http).get(`${V}/webhook-endpoints/${endpoint.id}/deliveries`).set(vendor.auth))
      .body.data.content;
    expect(delivery).toMatchObject({
      eventType: 'lead.assigned',
      attempts: 3,
      lastStatusCode: 200,
      nextAttemptAt: null,
    });
    receiver.answer = () => 200;
  });

  it('ends FAILED after the last attempt, disables the endpoint after the run of failures, and retries on demand', async () => {
    const vendor = await vendorAccount();
    const endpoint = await register(V, vendor.auth, '/dead');
    receiver.answer = (r) => (r.path === '/dead' ? 'hang' : 200);
    await createLead(t.app, vendor.id);
    await createLead(t.app, vendor.id);
    const deliveries = () => request(t.http).get(`${V}/webhook-endpoints/${endpoint.id}/deliveries`).set(vendor.auth);
    const statuses = async () => ((await deliveries()).body.data.content as { status: string }[]).map((d) => d.status);
    await waitUntil(async () => (await statuses()).every((status) => status === 'FAILED'), 20_000);
    const failed = (await deliveries()).body.data.content;
    expect(failed).toHaveLength(2);
    for (const d of failed)
      expect(d).toMatchObject({
        attempts: MAX_ATTEMPTS,
        lastStatusCode: null,
        lastError: expect.stringMatching(/No answer within 300 ms/),
      });

    // 6 failed attempts in a row: disabled at the 5th.
    const got = await request(t.http).get(`${V}/webhook-endpoints/${endpoint.id}`).set(vendor.auth).expect(200);
    expect(got.body.data).toMatchObject({
      enabled: false,
      disabledReason: `Disabled after ${DISABLE_AFTER} failed deliveries in a row.`,
    });
    expect(got.body.data.secret).toBeUndefined();

    receiver.answer = () => 200;
    await request(t.http)
      .patch(`${V}/webhook-endpoints/${endpoint.id}`)
      .set(vendor.auth)
      .send({ enabled: true })
      .expect(200);
    await request(t.http)
      .post(`${V}/webhook-endpoints/${endpoint.id}/deliveries/${failed[0].id}/retry`)
      .set(vendor.auth)
      .expect(202);
    await waitUntil(async () => (await statuses()).includes('SUCCEEDED'));
  });

  it('answers a ping, and signs with both secrets for 24 hours after a rotation', async () => {
    const vendor = await vendorAccount();
    const endpoint = await register(V, vendor.auth, '/rotate', ['lead.assigned']);
    await request(t.http).post(`${V}/webhook-endpoints/${endpoint.id}/test`).set(vendor.auth).expect(202);
    const [ping] = await receivedAt('/rotate');
    expect(verified(endpoint.secret, ping)).toMatchObject({ type: 'ping', vendorId: vendor.id });

    const rotated = await request(t.http).post(`${V}/webhook-endpoints/${endpoint.id}/rotate-secret`).set(vendor.auth);
    expect(rotated.status).toBe(200);
    const secret: string = rotated.body.data.secret;
    expect(secret).not.toBe(endpoint.secret);
    await createLead(t.app, vendor.id);
    const [, after] = await receivedAt('/rotate', 2);
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(secret, after)).toMatchObject({ type: 'lead.assigned' });
    expect(verified(endpoint.secret, after)).toMatchObject({ type: 'lead.assigned' });
    expect(() => verified(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, after)).toThrow();
  });
});

describe('Webhook endpoints: rules and bad input (e2e)', () => {
  it('refuses unknown event types, bad urls, an 11th endpoint and other accounts endpoints', async () => {
    const vendor = await vendorAccount();
    const post = (body: object) => request(t.http).post(`${V}/webhook-endpoints`).set(vendor.auth).send(body);
    expectError(await post({ url: receiver.url('/x'), events: ['lead.assigned', 'lead.eaten'] }), 400, /"lead\.eaten"/);
    expectError(await post({ url: receiver.url('/x'), events: [] }), 400, /non-empty/);
    expectError(await post({ url: 'not a url', events: ['*'] }), 400, /absolute URL/);
    expectError(await post({ url: 'ftp://example.com/x', events: ['*'] }), 400, /http or https/);
    expectError(await post({ url: receiver.url('/x'), events: ['*'], secret: 'mine' }), 400, /secret/);

    const ids = [];
    for (let i = 0; i < 10; i++) ids.push((await register(V, vendor.auth, `/many/${i}`)).id);
    expectError(await post({ url: receiver.url('/x'), events: ['*'] }), 400, /at most 10 webhook endpoints/);
    const list = await request(t.http).get(`${V}/webhook-endpoints`).set(vendor.auth).expect(200);
    expect(list.body.data.map((e: { id: number }) => e.id)).toEqual(ids);

    const stranger = await vendorAccount();
    for (const res of [
      await request(t.http).get(`${V}/webhook-endpoints/${ids[0]}`).set(stranger.auth),
      await request(t.http).patch(`${V}/webhook-endpoints/${ids[0]}`).set(stranger.auth).send({ enabled: false }),
      await request(t.http).delete(`${V}/webhook-endpoints/${ids[0]}`).set(stranger.auth),
      await request(t.http).post(`${V}/webhook-endpoints/${ids[0]}/rotate-secret`).set(stranger.auth),
      await request(t.http).get(`${M}/webhook-endpoints/${ids[0]}`).set(manager),
    ]) {
      expectError(res, 404, /Webhook endpoint \d+ was not found/);
    }
    expectError(await request(t.http).get(`${V}/webhook-endpoints/abc`).set(vendor.auth), 400, /id/);
    await request(t.http).delete(`${V}/webhook-endpoints/${ids[0]}`).set(vendor.auth).expect(200);
    expectError(await request(t.http).get(`${V}/webhook-endpoints/${ids[0]}`).set(vendor.auth), 404, /not found/);
  });

  it('refuses http and private targets unless the settings allow them', async () => {
    const strict = await createTestApp({
      config: [withConfig(webhooksConfig, { allowInsecure: false, allowPrivateTargets: false, workerEnabled: false })],
    });
    try {
      const { token } = await createVendor(strict.app);
      const post = (url: string) =>
        request(strict.http)
          .post(`${V}/webhook-endpoints`)
          .set(bearer(token))
          .send({ url, events: ['*'] });
      expectError(await post('http://example.com/hook'), 400, /must use https/);
      for (const url of [
        'https://127.0.0.1/hook',
        'https://2130706433/hook',
        'https://[::1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://169.254.169.254/latest',
        'https://10.1.2.3/hook',
        'https://0.0.0.0/hook',
        'https://localhost/hook',
      ]) {
        expectError(await post(url), 400, /not a public internet address/);
      }
    } finally {
      await strict.close();
    }
  });
});
