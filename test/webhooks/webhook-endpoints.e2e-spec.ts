import request from 'supertest';
import { webhooksConfig } from '../../src/config/webhooks.config';
import { bearer, createVendor } from '../support/factories';
import { expectError } from '../support/envelope-assertions';
import { createTestApp, withConfig } from '../support/test-app';
import { OwnDatabaseApp } from '../support/own-database-app';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';
import { verified } from '../support/webhook-receiver';

jest.setTimeout(60_000);

let bed: OwnDatabaseApp;
beforeAll(async () => {
  bed = await OwnDatabaseApp.start('webhook_endpoints');
});
afterAll(() => bed?.close());

describe('Webhook endpoints: rules and bad input (e2e)', () => {
  it('refuses unknown event types, bad urls, an 11th endpoint and other accounts endpoints', async () => {
    const vendor = await bed.vendor();
    const post = (body: object) => request(bed.t.http).post(`${V}/webhook-endpoints`).set(vendor.auth).send(body);
    expectError(
      await post({ url: bed.receiver.url('/x'), events: ['lead.assigned', 'lead.eaten'] }),
      400,
      /"lead\.eaten"/,
    );
    expectError(await post({ url: bed.receiver.url('/x'), events: [] }), 400, /non-empty/);
    expectError(await post({ url: 'not a url', events: ['*'] }), 400, /absolute URL/);
    expectError(await post({ url: 'ftp://example.com/x', events: ['*'] }), 400, /http or https/);
    expectError(await post({ url: bed.receiver.url('/x'), events: ['*'], secret: 'mine' }), 400, /secret/);

    const ids = [];
    for (let i = 0; i < 10; i++) ids.push((await bed.register(V, vendor.auth, `/many/${i}`)).id);
    expectError(await post({ url: bed.receiver.url('/x'), events: ['*'] }), 400, /at most 10 webhook endpoints/);
    const list = await request(bed.t.http).get(`${V}/webhook-endpoints`).set(vendor.auth).expect(200);
    expect(list.body.data.map((e: { id: number }) => e.id)).toEqual(ids);

    const stranger = await bed.vendor();
    for (const res of [
      await request(bed.t.http).get(`${V}/webhook-endpoints/${ids[0]}`).set(stranger.auth),
      await request(bed.t.http).patch(`${V}/webhook-endpoints/${ids[0]}`).set(stranger.auth).send({ enabled: false }),
      await request(bed.t.http).delete(`${V}/webhook-endpoints/${ids[0]}`).set(stranger.auth),
      await request(bed.t.http).post(`${V}/webhook-endpoints/${ids[0]}/rotate-secret`).set(stranger.auth),
      await request(bed.t.http).get(`${M}/webhook-endpoints/${ids[0]}`).set(bed.manager),
    ]) {
      expectError(res, 404, /Webhook endpoint \d+ was not found/);
    }
    expectError(await request(bed.t.http).get(`${V}/webhook-endpoints/abc`).set(vendor.auth), 400, /id/);
    await request(bed.t.http).delete(`${V}/webhook-endpoints/${ids[0]}`).set(vendor.auth).expect(200);
    expectError(await request(bed.t.http).get(`${V}/webhook-endpoints/${ids[0]}`).set(vendor.auth), 404, /not found/);
  });

  it('stores the url normalised, and refuses control characters and system ports', async () => {
    const vendor = await bed.vendor();
    const post = (url: string) =>
      request(bed.t.http)
        .post(`${V}/webhook-endpoints`)
        .set(vendor.auth)
        .send({ url, events: ['*'] });
    const typed = bed.receiver.url('/typed/../Hook?x=1').replace('http://', 'HTTP:');
    const created = await post(typed);
    expect(created.status).toBe(201);
    expect(created.body.data.url).toBe(bed.receiver.url('/Hook?x=1'));
    const patched = await request(bed.t.http)
      .patch(`${V}/webhook-endpoints/${created.body.data.id}`)
      .set(vendor.auth)
      .send({ url: bed.receiver.url('/a b').toUpperCase().replace('/A B', '/a b') });
    expect(patched.status).toBe(200);
    expect(patched.body.data.url).toBe(bed.receiver.url('/a%20b'));

    expectError(await post(bed.receiver.url('/line\nbreak')), 400, /must not contain control characters/);
    expectError(await post(bed.receiver.url('/tab\there')), 400, /must not contain control characters/);
    for (const port of [22, 25, 1023]) {
      expectError(await post(`http://127.0.0.1:${port}/hook`), 400, new RegExp(`url port ${port} is not allowed`));
    }
    const [row] = await bed.t.dataSource.query(
      'SELECT count(*)::int AS n, min(url) AS url FROM webhook_endpoints WHERE account_id = $1 AND account_type = $2',
      [vendor.id, 'vendor'],
    );
    expect(row).toEqual({ n: 1, url: bed.receiver.url('/a%20b') });
  });
});

describe('Webhook endpoints: Idempotency-Key (e2e)', () => {
  it.each([
    ['vendor', V],
    ['manager', M],
  ])('on the %s API: every write runs once, and a secret is issued once and never kept', async (_who, api) => {
    const auth = api === V ? (await bed.vendor()).auth : bed.manager;
    const path = `/idempotent-${api === V ? 'vendor' : 'manager'}`;
    const keyed = (key: string) => ({ ...auth, 'Idempotency-Key': `${key}-${path}` });
    const twice = async (send: (headers: Record<string, string>) => request.Test, key: string) => {
      const first = await send(keyed(key));
      const repeat = await send(keyed(key));
      return [first, repeat] as const;
    };
    const expectReplay = ([first, repeat]: readonly [request.Response, request.Response]) => {
      expect(first.status).toBeLessThan(300);
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect({ status: repeat.status, text: repeat.text }).toEqual({ status: first.status, text: first.text });
    };
    const countEndpoints = async () =>
      ((await request(bed.t.http).get(`${api}/webhook-endpoints`).set(auth)).body.data as unknown[]).length;
    const before = await countEndpoints();

    const [created, createdAgain] = await twice(
      (headers) =>
        request(bed.t.http)
          .post(`${api}/webhook-endpoints`)
          .set(headers)
          .send({ url: bed.receiver.url(path), events: ['ping'] }),
      'create',
    );
    expect(created.status).toBe(201);
    expectError(createdAgain, 409, /already issued its credential/);
    expect(await countEndpoints()).toBe(before + 1);
    const { id, secret } = created.body.data as { id: number; secret: string };
    const base = `${api}/webhook-endpoints/${id}`;

    expectReplay(
      await twice(
        (headers) =>
          request(bed.t.http)
            .patch(base)
            .set(headers)
            .send({ description: 'CRM', events: ['ping'] }),
        'update',
      ),
    );

    const [rotated, rotatedAgain] = await twice(
      (headers) => request(bed.t.http).post(`${base}/rotate-secret`).set(headers),
      'rotate',
    );
    expect(rotated.status).toBe(200);
    expectError(rotatedAgain, 409, /already issued its credential/);
    const rotatedSecret = rotated.body.data.secret as string;

    expectReplay(await twice((headers) => request(bed.t.http).post(`${base}/test`).set(headers), 'test'));
    const [ping] = await bed.receivedAt(path);
    // One rotation: the new secret and the first one both sign (a second rotation would have dropped the first).
    expect(String(ping.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(rotatedSecret, ping)).toMatchObject({ type: 'ping' });
    expect(verified(secret, ping)).toMatchObject({ type: 'ping' });
    const deliveries = (await request(bed.t.http).get(`${base}/deliveries`).set(auth)).body.data.content as {
      id: string;
    }[];
    expect(deliveries).toHaveLength(1);

    expectReplay(
      await twice(
        (headers) => request(bed.t.http).post(`${base}/deliveries/${deliveries[0].id}/retry`).set(headers),
        'retry',
      ),
    );
    expectReplay(await twice((headers) => request(bed.t.http).delete(base).set(headers), 'delete'));
    expect(await countEndpoints()).toBe(before);

    // No secret is kept with the keys: the credential answers were kept as their status only.
    const kept: { status: number; body: string | null }[] = await bed.t.dataSource.query(
      `SELECT status, body FROM idempotency_keys WHERE key IN ($1, $2)`,
      [`create-${path}`, `rotate-${path}`],
    );
    expect(kept).toEqual(
      expect.arrayContaining([
        { status: 201, body: null },
        { status: 200, body: null },
      ]),
    );
    const [{ n }] = await bed.t.dataSource.query(
      `SELECT count(*)::int AS n FROM idempotency_keys WHERE body LIKE '%whsec_%'`,
    );
    expect(n).toBe(0);
  });
});

// Runs last: a second app in this process becomes the transaction host that @Transactional() finds,
// so once it is closed the shared test bed's transactional writes would fail.
describe('Webhook endpoints: targets under strict settings (e2e)', () => {
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
        'https://[::127.0.0.1]/hook',
        'https://[::7f00:1]/hook',
        'https://[::a9fe:a9fe]/hook',
        'https://[::a00:1]/hook',
        'https://[64:ff9b::a9fe:a9fe]/hook',
        'https://[2002:a00:1::]/hook',
      ]) {
        expectError(await post(url), 400, /not a public internet address/);
      }
      const list = await request(strict.http).get(`${V}/webhook-endpoints`).set(bearer(token)).expect(200);
      expect(list.body.data).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
