import request from 'supertest';
import { bearer, createAdmin, createVendor } from '../support/factories';
import { ProbeController } from '../support/probe.controller';
import { TestApp, createTestApp } from '../support/test-app';

describe('Envelope and error mapping (e2e)', () => {
  let t: TestApp;
  let manager: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ controllers: [ProbeController] });
    manager = bearer((await createAdmin(t.app)).token);
  });
  afterAll(() => t.close());

  const expectError = (res: request.Response, status: number, pattern: RegExp): void => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual(expect.objectContaining({ success: false, error: expect.stringMatching(pattern) }));
    expect(Object.keys(res.body).sort()).toEqual(
      res.body.details ? ['details', 'error', 'success'] : ['error', 'success'],
    );
  };

  it('wraps a success as { success: true, data }', async () => {
    const res = await request(t.http).post('/rest-manager-api-v1/vendors').set(manager).send({
      vendorName: '  Envelope Co ',
      email: 'ENV@Test.Example',
      cityName: 'Halifax',
      provinceName: 'Nova Scotia',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.any(Number),
        vendorName: 'Envelope Co',
        email: 'env@test.example',
        cityName: 'Halifax',
        provinceName: 'Nova Scotia',
        activated: true,
        packageType: 0,
      },
    });
  });

  it('sends a success as res.json() would: JSON with its charset, the length in bytes, no body on HEAD', async () => {
    const { vendor } = await createVendor(t.app, { vendorName: 'Rénovations Éloïse', cityName: 'Montréal' });
    const path = `/rest-manager-api-v1/vendors?search=${encodeURIComponent('Éloïse')}&page=0&size=1`;
    const get = await request(t.http).get(path).set(manager);
    expect(get.status).toBe(200);
    expect(get.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(get.headers['content-length'])).toBe(Buffer.byteLength(get.text));
    expect(Buffer.byteLength(get.text)).toBeGreaterThan(get.text.length);
    expect((get.body as { data: { content: { id: number }[] } }).data.content).toEqual([
      expect.objectContaining({ id: vendor.id, cityName: 'Montréal' }),
    ]);

    const head = await request(t.http).head(path).set(manager);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.text).toBeUndefined();
  });

  it.each(['/nope', '/rest-api-v1/nope', '/rest-manager-api-v1/vendors/1/nope'])(
    'answers an unknown path %s with a 404 envelope',
    async (path) => {
      expectError(await request(t.http).get(path), 404, /^The requested resource was not found\.$/);
    },
  );

  it('answers an unsupported method on a known path with a 405 envelope', async () => {
    expectError(await request(t.http).delete('/rest-manager-api-v1/vendors').set(manager), 405, /not allowed/);
  });

  it('answers JSON that does not parse with 400', async () => {
    const res = await request(t.http)
      .post('/rest-manager-api-v1/vendors')
      .set(manager)
      .set('Content-Type', 'application/json')
      .send('{"vendorName": ');
    expectError(res, 400, /^The request body is not valid JSON\.$/);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await request(t.http)
      .post('/rest-manager-api-v1/vendors')
      .set(manager)
      .send({ vendorName: 'x'.repeat(200 * 1024) });
    expectError(res, 413, /too large/);
  });

  it('answers validation failures with 400, a sentence and per-field details', async () => {
    const res = await request(t.http)
      .post('/rest-manager-api-v1/vendors')
      .set(manager)
      .send({ vendorName: '', email: 'not-an-email', cityName: 'x'.repeat(101), packageType: 'gold' });
    expectError(res, 400, /^Invalid request: /);
    const fields = (res.body.details as { field: string }[]).map((d) => d.field);
    expect(new Set(fields)).toEqual(new Set(['vendorName', 'email', 'cityName', 'provinceName', 'packageType']));
  });

  it('refuses unknown body properties (no mass assignment) with 400', async () => {
    const { vendor } = await createVendor(t.app);
    const res = await request(t.http)
      .patch(`/rest-manager-api-v1/vendors/${vendor.id}`)
      .set(manager)
      .send({ vendorName: 'Renamed', activeTokenId: '00000000-0000-4000-8000-000000000000' });
    expectError(res, 400, /property activeTokenId should not exist/);
  });

  it('answers thousands of unknown keys with 20 details, the last saying how many more, in a short answer', async () => {
    const { vendor } = await createVendor(t.app);
    // 8,000 unknown keys, and no field to change: 8,001 errors.
    const body = Object.fromEntries(Array.from({ length: 8000 }, (_, i) => [`k${i}`, 1]));
    const res = await request(t.http).patch(`/rest-manager-api-v1/vendors/${vendor.id}`).set(manager).send(body);
    expectError(res, 400, /^Invalid request: property k0 should not exist; .*; and 7982 more\.$/);
    expect(res.body.details).toHaveLength(20);
    expect(res.body.details[18]).toEqual({ field: 'k18', message: 'property k18 should not exist' });
    expect(res.body.details[19]).toEqual({ field: '…', message: 'and 7982 more' });
    expect(res.text.length).toBeLessThan(2_000);
  });

  it('ends a validation message that brings its own full stop with one full stop', async () => {
    const { token } = await createVendor(t.app);
    const res = await request(t.http).get('/rest-api-v1/events?after=bad').set(bearer(token));
    expectError(res, 400, /evt_981\.$/);
    expect(res.body.error).not.toMatch(/\.\.$/);
  });

  it('marks authenticated answers, successes and errors, as not to be stored', async () => {
    const { vendor, token } = await createVendor(t.app);
    const answers = [
      await request(t.http).get(`/rest-manager-api-v1/vendors/${vendor.id}/features`).set(manager),
      await request(t.http).get('/rest-api-v1/general-leads?filter=ALL').set(bearer(token)),
      await request(t.http).get('/rest-api-v1/general-leads?filter=nonsense').set(bearer(token)),
    ];
    expect(answers.map((res) => [res.status, res.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [400, 'no-store'],
    ]);
  });

  it('refuses an explicit null for a NOT NULL field with 400, not a 500', async () => {
    const { vendor } = await createVendor(t.app);
    for (const body of [{ vendorName: null }, { activated: null }, { packageType: null }]) {
      expectError(
        await request(t.http).patch(`/rest-manager-api-v1/vendors/${vendor.id}`).set(manager).send(body),
        400,
        /Invalid request/,
      );
    }
    const create = await request(t.http)
      .post('/rest-manager-api-v1/vendors')
      .set(manager)
      .send({ vendorName: 'N', email: 'n@test.example', cityName: 'C', provinceName: 'P', activated: null });
    expectError(create, 400, /activated/);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers an invalid path id "%s" with 400', async (id) => {
    expectError(
      await request(t.http).patch(`/rest-manager-api-v1/vendors/${id}`).set(manager).send({ activated: true }),
      400,
      /vendorId/,
    );
  });

  it('answers an unknown vendor with 404', async () => {
    expectError(
      await request(t.http).patch('/rest-manager-api-v1/vendors/2147483000').set(manager).send({ activated: true }),
      404,
      /Vendor 2147483000 was not found/,
    );
  });

  it('answers an unexpected exception with a bare 500 envelope that leaks nothing', async () => {
    const { token } = await createVendor(t.app);
    const res = await request(t.http).get('/rest-api-v1/probe/crash').set(bearer(token));
    expectError(res, 500, /^Internal server error\.$/);
    expect(JSON.stringify(res.body)).not.toMatch(/boom|secret|SELECT|\.ts/);
  });

  it('returns a request id on every response and keeps a sane one from the client', async () => {
    const generated = await request(t.http).get('/health/live');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(t.http).get('/health/live').set('X-Request-Id', 'client-trace-42');
    expect(kept.headers['x-request-id']).toBe('client-trace-42');
    const replaced = await request(t.http).get('/health/live').set('X-Request-Id', 'bad id\twith spaces');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not announce the framework', async () => {
    expect((await request(t.http).get('/health/live')).headers['x-powered-by']).toBeUndefined();
  });

  it('serves liveness and readiness without a token, in the envelope', async () => {
    expect((await request(t.http).get('/health/live')).body).toEqual({ success: true, data: { status: 'ok' } });
    const ready = await request(t.http).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      success: true,
      data: expect.objectContaining({
        status: 'ok',
        info: expect.objectContaining({ database: expect.objectContaining({ status: 'up' }) }),
      }),
    });
  });

  it('serves the Swagger UI and an OpenAPI document declaring bearer JWT for both APIs', async () => {
    const ui = await request(t.http).get('/docs/');
    expect(ui.status).toBe(200);
    expect(ui.text).toMatch(/swagger-ui/i);
    const doc = (await request(t.http).get('/docs-json')).body;
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.components.securitySchemes).toEqual({
      'vendor-token': expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
      'manager-token': expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
    });
    expect(doc.paths['/rest-manager-api-v1/vendors'].post.security).toEqual([{ 'manager-token': ['accounts:write'] }]);
    expect(doc.paths['/rest-api-v1/probe'].get.security).toEqual([{ 'vendor-token': ['profile:read'] }]);
  });
});
