import request from 'supertest';
import { Clock } from '../../src/common/time/clock';
import { EventsService } from '../../src/events/events.service';
import { createLead } from '../support/factories';
import { BuiltServer } from '../support/built-server';
import { expectError } from '../support/envelope-assertions';
import { waitUntil } from '../support/net';
import { WEBHOOK_TEST_SETTINGS, OwnDatabaseApp } from '../support/own-database-app';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';
import { verified } from '../support/webhook-receiver';

jest.setTimeout(60_000);

const MAX_ATTEMPTS = Number(WEBHOOK_TEST_SETTINGS.WEBHOOK_MAX_ATTEMPTS);
const DISABLE_AFTER = Number(WEBHOOK_TEST_SETTINGS.WEBHOOK_DISABLE_AFTER_FAILURES);

let bed: OwnDatabaseApp;
beforeAll(async () => {
  bed = await OwnDatabaseApp.start('webhooks');
});
afterAll(() => bed?.close());

describe('The event feed (e2e)', () => {
  it('serves the same events, in order, on the vendor and manager feeds', async () => {
    const vendor = await bed.vendor();
    await bed.register(V, vendor.auth, '/feed');
    const leads = [];
    for (let i = 0; i < 5; i++) leads.push(await createLead(bed.t.app, vendor.id));
    const pushed = await bed.receivedAt('/feed', 5);

    await bed.eventsSettled();
    const ids: string[] = [];
    let after: string | undefined;
    for (;;) {
      const res = await request(bed.t.http)
        .get(`${V}/events`)
        .query({ limit: 2, ...(after ? { after } : {}) })
        .set(vendor.auth)
        .expect(200);
      ids.push(...res.body.data.content.map((e: { id: string }) => e.id));
      after = res.body.data.nextAfter;
      if (!res.body.data.hasMore) break;
    }
    expect(ids).toEqual(pushed.map((r) => r.event.id).sort((a, b) => Number(a.slice(4)) - Number(b.slice(4))));
    const managerFeed = await request(bed.t.http).get(`${M}/events`).query({ limit: 100 }).set(bed.manager).expect(200);
    const managerIds: string[] = managerFeed.body.data.content.map((e: { id: string }) => e.id);
    expect(managerIds.filter((id) => ids.includes(id))).toEqual(ids);

    // Another vendor's event id is not a cursor of this vendor; bad values are clear 400s.
    const stranger = await bed.vendor();
    expectError(
      await request(bed.t.http).get(`${V}/events`).query({ after: ids[0] }).set(stranger.auth),
      400,
      /after must be the id of one of your events/,
    );
    expectError(await request(bed.t.http).get(`${V}/events`).query({ limit: 'abc' }).set(vendor.auth), 400, /limit/);
    expectError(await request(bed.t.http).get(`${V}/events`).query({ after: '12' }).set(vendor.auth), 400, /after/);
  });

  it('leaves out events older than 30 days on the service clock, which the retention job then removes', async () => {
    const DAY_MS = 86_400_000;
    const vendor = await bed.vendor();
    const feed = async () =>
      (
        (await request(bed.t.http).get(`${V}/events`).set(vendor.auth).expect(200)).body.data.content as {
          id: string;
        }[]
      ).map((event) => event.id);
    const t0 = Date.now();
    const clock = jest.spyOn(bed.t.app.get(Clock), 'now').mockReturnValue(new Date(t0));
    const at = (ms: number) => clock.mockReturnValue(new Date(t0 + ms));
    const stored = async (id: string) =>
      (await bed.t.dataSource.query<unknown[]>('SELECT id FROM events WHERE id = $1', [Number(id.slice(4))])).length;
    try {
      await createLead(bed.t.app, vendor.id);
      at(10 * DAY_MS);
      await createLead(bed.t.app, vendor.id);
      await bed.eventsSettled();
      const [old, recent] = await feed();
      expect(recent).toBeDefined();

      // A minute short of 30 days after the first: both are in the feed, and stay.
      at(30 * DAY_MS - 60_000);
      expect(await feed()).toEqual([old, recent]);
      await bed.t.app.get(EventsService).removeExpired(1000);
      expect(await stored(old)).toBe(1);

      // A minute past: the first leaves the feed (and is no longer a cursor), and the job removes it.
      at(30 * DAY_MS + 60_000);
      expect(await feed()).toEqual([recent]);
      expectError(await request(bed.t.http).get(`${V}/events`).query({ after: old }).set(vendor.auth), 400, /after/);
      expect(await bed.t.app.get(EventsService).removeExpired(1000)).toBeGreaterThanOrEqual(1);
      expect([await stored(old), await stored(recent)]).toEqual([0, 1]);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('Webhook delivery (e2e)', () => {
  it('retries a failing receiver with the same webhook-id until it answers 2xx', async () => {
    const vendor = await bed.vendor();
    const endpoint = await bed.register(V, vendor.auth, '/flaky');
    let calls = 0;
    bed.receiver.answer = (r) => (r.path === '/flaky' && ++calls <= 2 ? 500 : 200);
    await createLead(bed.t.app, vendor.id);
    const attempts = await bed.receivedAt('/flaky', 3);
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(attempts.map((r) => r.body)).size).toBe(1);
    for (const attempt of attempts) expect(verified(endpoint.secret, attempt)).toBeDefined();

    await waitUntil(async () => {
      const res = await request(bed.t.http).get(`${V}/webhook-endpoints/${endpoint.id}/deliveries`).set(vendor.auth);
      return res.body.data.content[0]?.status === 'SUCCEEDED';
    });
    const [delivery] = (
      await request(bed.t.http).get(`${V}/webhook-endpoints/${endpoint.id}/deliveries`).set(vendor.auth)
    ).body.data.content;
    expect(delivery).toMatchObject({
      eventType: 'lead.assigned',
      attempts: 3,
      lastStatusCode: 200,
      nextAttemptAt: null,
    });
    bed.receiver.answer = () => 200;
  });

  it('with two instances producing and delivering, sends each event once', async () => {
    // The built server inherits this file's settings (its database, fast retries, loopback allowed).
    const second = new BuiltServer();
    await second.start();
    try {
      const vendor = await bed.vendor();
      const endpoint = await bed.register(V, vendor.auth, '/shared');
      for (let i = 0; i < 30; i++) {
        await request(i % 2 ? second.url : bed.t.http)
          .post(`${M}/vendors/${vendor.id}/leads`)
          .set(bed.manager)
          .send({
            category: 'Roofing',
            customerName: 'Jane',
            projectDetailsHtml: '<p>R</p>',
            originalJobDescription: 'R',
          })
          .expect(201);
      }
      const received = await bed.receivedAt('/shared', 30);
      for (const delivery of received) expect(verified(endpoint.secret, delivery)).toBeDefined();
      await waitUntil(async () => {
        const res = await request(bed.t.http)
          .get(`${V}/webhook-endpoints/${endpoint.id}/deliveries`)
          .query({ size: 100 })
          .set(vendor.auth);
        return (res.body.data.content as { status: string }[]).every((d) => d.status === 'SUCCEEDED');
      });
      expect(new Set(bed.receiver.at('/shared').map((r) => r.event.id)).size).toBe(30);
      expect(bed.receiver.at('/shared')).toHaveLength(30);
    } finally {
      await second.stop();
    }
  });

  it.each([
    [410, 'a 4xx', /answered 410\./],
    [302, 'a redirect', /answered 302 \(a redirect, not followed\)/],
  ])('counts an answer of %i (%s) as a failure: retried, then FAILED', async (status, _what, error) => {
    const vendor = await bed.vendor();
    const path = `/answers-${status}`;
    const endpoint = await bed.register(V, vendor.auth, path);
    bed.receiver.answer = (r) => (r.path === path ? status : 200);
    await createLead(bed.t.app, vendor.id);
    const deliveries = () =>
      request(bed.t.http).get(`${V}/webhook-endpoints/${endpoint.id}/deliveries`).set(vendor.auth);
    await waitUntil(async () => (await deliveries()).body.data.content[0]?.status === 'FAILED', 20_000);
    expect((await deliveries()).body.data.content[0]).toMatchObject({
      attempts: MAX_ATTEMPTS,
      lastStatusCode: status,
      lastError: expect.stringMatching(error),
      deliveredAt: null,
    });
    expect(bed.receiver.at(path)).toHaveLength(MAX_ATTEMPTS);
    bed.receiver.answer = () => 200;
  });

  it('ends FAILED after the last attempt, disables the endpoint after the run of failures, and retries on demand', async () => {
    const vendor = await bed.vendor();
    const endpoint = await bed.register(V, vendor.auth, '/dead');
    bed.receiver.answer = (r) => (r.path === '/dead' ? 'hang' : 200);
    await createLead(bed.t.app, vendor.id);
    await createLead(bed.t.app, vendor.id);
    const deliveries = () =>
      request(bed.t.http).get(`${V}/webhook-endpoints/${endpoint.id}/deliveries`).set(vendor.auth);
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
    const got = await request(bed.t.http).get(`${V}/webhook-endpoints/${endpoint.id}`).set(vendor.auth).expect(200);
    expect(got.body.data).toMatchObject({
      enabled: false,
      disabledReason: `Disabled after ${DISABLE_AFTER} failed deliveries in a row.`,
    });
    expect(got.body.data.secret).toBeUndefined();

    bed.receiver.answer = () => 200;
    await request(bed.t.http)
      .patch(`${V}/webhook-endpoints/${endpoint.id}`)
      .set(vendor.auth)
      .send({ enabled: true })
      .expect(200);
    await request(bed.t.http)
      .post(`${V}/webhook-endpoints/${endpoint.id}/deliveries/${failed[0].id}/retry`)
      .set(vendor.auth)
      .expect(202);
    await waitUntil(async () => (await statuses()).includes('SUCCEEDED'));
  });

  it('answers a ping, and signs with both secrets for 24 hours after a rotation', async () => {
    const vendor = await bed.vendor();
    const endpoint = await bed.register(V, vendor.auth, '/rotate', ['lead.assigned']);
    await request(bed.t.http).post(`${V}/webhook-endpoints/${endpoint.id}/test`).set(vendor.auth).expect(202);
    const [ping] = await bed.receivedAt('/rotate');
    expect(verified(endpoint.secret, ping)).toMatchObject({ type: 'ping', vendorId: vendor.id });

    const rotated = await request(bed.t.http)
      .post(`${V}/webhook-endpoints/${endpoint.id}/rotate-secret`)
      .set(vendor.auth);
    expect(rotated.status).toBe(200);
    const secret: string = rotated.body.data.secret;
    expect(secret).not.toBe(endpoint.secret);
    await createLead(bed.t.app, vendor.id);
    const [, after] = await bed.receivedAt('/rotate', 2);
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(secret, after)).toMatchObject({ type: 'lead.assigned' });
    expect(verified(endpoint.secret, after)).toMatchObject({ type: 'lead.assigned' });
    expect(() => verified(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, after)).toThrow();

    // A rotation made 25 hours ago (the clock moved back for that call): the old secret signs no more.
    const clock = jest.spyOn(bed.t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() - 25 * 3_600_000));
    const late = await request(bed.t.http).post(`${V}/webhook-endpoints/${endpoint.id}/rotate-secret`).set(vendor.auth);
    clock.mockRestore();
    await createLead(bed.t.app, vendor.id);
    const [, , last] = await bed.receivedAt('/rotate', 3);
    expect(String(last.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verified(late.body.data.secret as string, last)).toMatchObject({ type: 'lead.assigned' });
    expect(() => verified(secret, last)).toThrow();
  });
});
