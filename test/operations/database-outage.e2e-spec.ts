import request from 'supertest';
import { databaseUrl } from '../support/test-database';
import { bearer, createAdmin, createVendor } from '../support/factories';
import { scrapedValue } from '../support/metric-value';
import { TcpProxy } from '../support/tcp-proxy';
import { databaseConfig } from '../../src/config/database.config';
import { TestApp, createTestApp, withConfig } from '../support/test-app';

/** PostgreSQL goes away and comes back while the service runs (through a proxy, never the real server). */
describe('Database outage (e2e)', () => {
  const target = new URL(process.env.DATABASE_URL!);
  const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  let t: TestApp;
  let manager: Record<string, string>;
  let vendorId: number;

  beforeAll(async () => {
    await proxy.start();
    const url = new URL(databaseUrl(target.pathname.slice(1)));
    url.port = String(proxy.port);
    t = await createTestApp({ config: [withConfig(databaseConfig, { url: url.toString(), connectTimeoutMs: 1000 })] });
    manager = bearer((await createAdmin(t.app)).token);
    vendorId = (await createVendor(t.app)).vendor.id;
  });
  afterAll(async () => {
    await t.close();
    await proxy.stop();
  });

  const readFeatures = () => request(t.http).get(`/rest-manager-api-v1/vendors/${vendorId}/features`).set(manager);

  it('answers 503 envelopes quickly while PostgreSQL is unreachable, and recovers without a restart', async () => {
    expect((await readFeatures()).status).toBe(200);

    await proxy.stop();
    // An answer, not a request left waiting on the pool (the deadline only bounds a failing run).
    const down = await readFeatures().timeout({ response: 10_000 });
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ success: false, error: 'The service is temporarily unavailable. Please retry later.' });

    const ready = await request(t.http).get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ success: false, error: expect.stringMatching(/database/i) });
    expect((await request(t.http).get('/health/live')).status).toBe(200);
    expect(await scrapedValue(t.app, 'database_up')).toBe(0);

    await proxy.start();
    const back = await readFeatures();
    expect(back.status).toBe(200);
    expect(back.body.data).toEqual(expect.objectContaining({ enableFullRMS: false }));
    expect((await request(t.http).get('/health/ready')).status).toBe(200);
    expect(await scrapedValue(t.app, 'database_up')).toBe(1);
  });
});
