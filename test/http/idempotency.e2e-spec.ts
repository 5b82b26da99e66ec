import request from 'supertest';
import { Clock } from '../../src/common/time/clock';
import { notificationsConfig } from '../../src/config/notifications.config';
import { IdempotencyRepository } from '../../src/idempotency/idempotency.repository';
import { IdempotencyService, KEEP_MS } from '../../src/idempotency/idempotency.service';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { LEAD_BODY as LEAD, bearer, createAdmin, createVendor } from '../support/factories';
import { image } from '../support/images';
import { SmsProviderStub } from '../support/sms-provider-stub';
import { SmtpSink } from '../support/smtp-sink';
import { TestApp, createTestApp, withConfig } from '../support/test-app';
import { waitUntil } from '../support/net';

/** docs/contract.md#idempotency: a write with an Idempotency-Key runs once, whatever the client retries. */
describe('Idempotent writes (e2e)', () => {
  let t: TestApp;
  let other: TestApp;
  let sink: SmtpSink;
  let sms: SmsProviderStub;
  let managerToken: string;

  beforeAll(async () => {
    [sink, sms] = await Promise.all([SmtpSink.start(), SmsProviderStub.start()]);
    const config = [
      withConfig(notificationsConfig, {
        smtpUrl: sink.url,
        sms: {
          apiBaseUrl: sms.baseUrl,
          accountSid: 'AC0000',
          authToken: 'token',
          from: '+14165550000',
          senderPool: ['+14165550000'],
        },
        pollIntervalMs: 100,
      }),
    ];
    // Two instances of the service on one database, as behind a load balancer.
    [t, other] = await Promise.all([createTestApp({ config }), createTestApp({ config })]);
    managerToken = (await createAdmin(t.app)).token;
  });
  afterAll(async () => {
    await Promise.all([t.close(), other.close()]);
    await Promise.all([sink.stop(), sms.close()]);
  });
  afterEach(() => jest.restoreAllMocks());

  let keys = 0;
  const newKey = () => `key-${Date.now()}-${++keys}`;
  const count = async (sql: string, parameters: unknown[]): Promise<number> =>
    Number((await t.dataSource.query(sql, parameters))[0].n);
  const vendorWithToken = () => createVendor(t.app, { features: [...VENDOR_FEATURES] });
  const manager = () => ({ ...bearer(managerToken) });

  const assignLead = (app: TestApp, vendorId: number, key: string, body: object = LEAD) =>
    request(app.http)
      .post(`/rest-manager-api-v1/vendors/${vendorId}/leads`)
      .set(manager())
      .set('Idempotency-Key', key)
      .send(body);

  const expectReplayOf = (replay: request.Response, first: request.Response) => {
    expect(replay.status).toBe(first.status);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(replay.text).toBe(first.text);
  };

  it('a retried lead assignment answers the first answer again and creates one lead', async () => {
    const { vendor } = await vendorWithToken();
    const key = newKey();
    const first = await assignLead(t, vendor.id, key);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expectReplayOf(await assignLead(t, vendor.id, key), first);
    expectReplayOf(await assignLead(other, vendor.id, key), first);
    expect(await count('SELECT count(*) AS n FROM leads WHERE vendor_id = $1', [vendor.id])).toBe(1);
  });

  it('a retried review request sends the customer exactly one e-mail and one text', async () => {
    const { vendor, token } = await vendorWithToken();
    const key = newKey();
    const email = `idem-${key}@customer.example`;
    const body = { firstName: 'Jane', emailTo: email, phone: '416-555-0177' };
    const post = (app: TestApp) =>
      request(app.http).post('/rest-api-v1/review-requests').set(bearer(token)).set('Idempotency-Key', key).send(body);
    const first = await post(t);
    expect(first.status).toBe(201);
    expectReplayOf(await post(t), first);
    expectReplayOf(await post(other), first);

    await waitUntil(
      async () =>
        (await count(`SELECT count(*) AS n FROM notification_outbox WHERE vendor_id = $1 AND status = 'SENT'`, [
          vendor.id,
        ])) === 2,
    );
    expect(sink.to(email)).toHaveLength(1);
    expect(sms.to('+14165550177')).toHaveLength(1);
    expect(await count('SELECT count(*) AS n FROM notification_outbox WHERE vendor_id = $1', [vendor.id])).toBe(2);
    expect(await count('SELECT count(*) AS n FROM reputation_processes WHERE vendor_id = $1', [vendor.id])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM reputation_events WHERE vendor_id = $1', [vendor.id])).toBe(1);
  });

  it('a retried feedback request creates one request', async () => {
    const { vendor, token } = await vendorWithToken();
    const key = newKey();
    const post = () =>
      request(t.http)
        .post('/rest-api-v1/customer-feedback-system')
        .set(bearer(token))
        .set('Idempotency-Key', key)
        .send({ customerName: 'Jane Doe', email: `fb-${key}@customer.example` });
    const first = await post();
    expect(first.status).toBe(201);
    expectReplayOf(await post(), first);
    expect(await count('SELECT count(*) AS n FROM feedback_requests WHERE vendor_id = $1', [vendor.id])).toBe(1);
  });

  it('a retried upload stores one image; other bytes under the same key are a 422', async () => {
    const { vendor } = await vendorWithToken();
    const key = newKey();
    const [png, other] = await Promise.all([image('png', 300, 200), image('png', 301, 200)]);
    const upload = (file: Buffer) =>
      request(t.http)
        .post(`/rest-manager-api-v1/vendors/${vendor.id}/gallery`)
        .set(manager())
        .set('Idempotency-Key', key)
        .attach('files[]', file, { filename: 'a.png' });
    const first = await upload(png);
    expect(first.status).toBe(201);
    expectReplayOf(await upload(png), first);
    const changed = await upload(other);
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({
      success: false,
      error: expect.stringMatching(/already used for a different request/),
    });
    expect(await count('SELECT count(*) AS n FROM vendor_images WHERE vendor_id = $1', [vendor.id])).toBe(1);
  });

  it('a replayed PATCH changes nothing again: the kept answer comes back, the row stays as changed since', async () => {
    const { vendor } = await vendorWithToken();
    const key = newKey();
    const patch = (body: object, idempotencyKey?: string) => {
      const req = request(t.http).patch(`/rest-manager-api-v1/vendors/${vendor.id}`).set(manager());
      return (idempotencyKey ? req.set('Idempotency-Key', idempotencyKey) : req).send(body);
    };
    const first = await patch({ cityName: 'Ottawa' }, key);
    expect(first.status).toBe(200);
    expect((await patch({ cityName: 'Montreal' })).status).toBe(200);
    expectReplayOf(await patch({ cityName: 'Ottawa' }, key), first);
    const [row] = await t.dataSource.query('SELECT city_name FROM vendors WHERE id = $1', [vendor.id]);
    expect(row.city_name).toBe('Montreal');
  });

  it('the same key with another body, path or query is a 422 and runs nothing', async () => {
    const { vendor, token } = await vendorWithToken();
    const key = newKey();
    expect((await assignLead(t, vendor.id, key)).status).toBe(201);
    const changedBody = await assignLead(t, vendor.id, key, { ...LEAD, category: 'Roofing' });
    const otherVendor = (await vendorWithToken()).vendor;
    const changedPath = await assignLead(t, otherVendor.id, key);
    const changedQuery = await request(t.http)
      .post(`/rest-manager-api-v1/vendors/${vendor.id}/leads?x=1`)
      .set(manager())
      .set('Idempotency-Key', key)
      .send(LEAD);
    for (const res of [changedBody, changedPath, changedQuery]) {
      expect(res.status).toBe(422);
      expect(res.body.success).toBe(false);
    }
    expect(await count('SELECT count(*) AS n FROM leads WHERE vendor_id = $1', [vendor.id])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM leads WHERE vendor_id = $1', [otherVendor.id])).toBe(0);
    // A vendor's key is its own: the same string from another account is another key.
    const ownKey = await request(t.http)
      .post('/rest-api-v1/customer-feedback-system')
      .set(bearer(token))
      .set('Idempotency-Key', key)
      .send({ customerName: 'Sam', email: `own-${key}@customer.example` });
    expect(ownKey.status).toBe(201);
    expect(ownKey.headers['idempotent-replayed']).toBeUndefined();
  });

  it('20 concurrent calls with one key on two instances: one runs, the others get a 409 or its answer', async () => {
    const { vendor } = await vendorWithToken();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => assignLead(i % 2 ? other : t, vendor.id, key)),
    );
    const ran = answers.filter((res) => res.status === 201 && !res.headers['idempotent-replayed']);
    expect(ran).toHaveLength(1);
    for (const res of answers) {
      if (res === ran[0]) continue;
      if (res.status === 409) expect(res.body.error).toMatch(/still being processed/);
      else expectReplayOf(res, ran[0]);
    }
    expect(await count('SELECT count(*) AS n FROM leads WHERE vendor_id = $1', [vendor.id])).toBe(1);
  });

  it('commits the work with its kept answer: when keeping the answer fails, nothing was done and the key is free', async () => {
    const { vendor } = await vendorWithToken();
    const key = newKey();
    jest.spyOn(t.app.get(IdempotencyRepository), 'keep').mockRejectedValueOnce(new Error('the disk is full'));
    const failed = await assignLead(t, vendor.id, key);
    expect(failed.status).toBe(500);
    expect(await count('SELECT count(*) AS n FROM leads WHERE vendor_id = $1', [vendor.id])).toBe(0);
    const retried = await assignLead(t, vendor.id, key);
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('SELECT count(*) AS n FROM leads WHERE vendor_id = $1', [vendor.id])).toBe(1);
  });

  it('commits a review request, its messages and events with the kept answer, or none of them', async () => {
    const { vendor, token } = await vendorWithToken();
    const key = newKey();
    jest.spyOn(t.app.get(IdempotencyRepository), 'keep').mockRejectedValueOnce(new Error('the disk is full'));
    const res = await request(t.http)
      .post('/rest-api-v1/review-requests')
      .set(bearer(token))
      .set('Idempotency-Key', key)
      .send({ firstName: 'Jane', emailTo: `atomic-${key}@customer.example` });
    expect(res.status).toBe(500);
    for (const table of ['reputation_processes', 'review_requests', 'reputation_events', 'notification_outbox']) {
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE vendor_id = $1`, [vendor.id])).toBe(0);
    }
  });

  it('a delete rolled back with its kept answer leaves the image and its file in place', async () => {
    const { vendor } = await vendorWithToken();
    const uploaded = await request(t.http)
      .post(`/rest-manager-api-v1/vendors/${vendor.id}/gallery`)
      .set(manager())
      .attach('files[]', await image('png', 120, 80), { filename: 'a.png' });
    expect(uploaded.status).toBe(201);
    const [stored] = uploaded.body.data as { id: number; url: string }[];
    jest.spyOn(t.app.get(IdempotencyRepository), 'keep').mockRejectedValueOnce(new Error('the disk is full'));
    const removed = await request(t.http)
      .delete(`/rest-manager-api-v1/vendors/${vendor.id}/gallery/${stored.id}`)
      .set(manager())
      .set('Idempotency-Key', newKey());
    expect(removed.status).toBe(500);
    expect(await count('SELECT count(*) AS n FROM vendor_images WHERE id = $1', [stored.id])).toBe(1);
    const served = await request(t.http).get(new URL(stored.url).pathname);
    expect(served.status).toBe(200);
  });

  it('keeps a 4xx answer (the work rolled back) and replays it', async () => {
    const { vendor } = await vendorWithToken();
    const key = newKey();
    const first = await assignLead(t, vendor.id, key, { ...LEAD, category: '' });
    expect(first.status).toBe(400);
    expectReplayOf(await assignLead(t, vendor.id, key, { ...LEAD, category: '' }), first);
  });

  it('refuses a key that is too long or not printable ASCII with a 400 envelope, and runs nothing', async () => {
    const { vendor } = await vendorWithToken();
    for (const key of ['k'.repeat(256), 'clé', 'tab\there', '']) {
      const res = await assignLead(t, vendor.id, key);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: expect.stringMatching(/Idempotency-Key header must be/) });
    }
    expect((await assignLead(t, vendor.id, 'k'.repeat(255))).status).toBe(201);
    expect(await count('SELECT count(*) AS n FROM leads WHERE vendor_id = $1', [vendor.id])).toBe(1);
  });

  it('forgets a key after 24 hours: it runs again, and the cleanup removes the old answers', async () => {
    const { vendor } = await vendorWithToken();
    const key = newKey();
    const first = await assignLead(t, vendor.id, key);
    expect(first.status).toBe(201);
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + KEEP_MS - 60_000));
    expectReplayOf(await assignLead(t, vendor.id, key), first);
    const later = new Date(Date.now() + KEEP_MS + 60_000);
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(later);
    const again = await assignLead(t, vendor.id, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('SELECT count(*) AS n FROM leads WHERE vendor_id = $1', [vendor.id])).toBe(2);

    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(later.getTime() + KEEP_MS + 60_000));
    expect(await t.app.get(IdempotencyService).removeExpired(2)).toBeGreaterThanOrEqual(1);
    expect(await count('SELECT count(*) AS n FROM idempotency_keys WHERE key = $1', [key])).toBe(0);
  });

  it('without the header every call runs, as before', async () => {
    const { vendor } = await vendorWithToken();
    for (let i = 0; i < 2; i++) {
      const res = await request(t.http)
        .post(`/rest-manager-api-v1/vendors/${vendor.id}/leads`)
        .set(manager())
        .send(LEAD);
      expect(res.status).toBe(201);
    }
    expect(await count('SELECT count(*) AS n FROM leads WHERE vendor_id = $1', [vendor.id])).toBe(2);
  });
});
