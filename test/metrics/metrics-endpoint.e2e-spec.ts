import { type AddressInfo, connect } from 'node:net';
import request from 'supertest';
import { MetricsRegistry } from '../../src/common/metrics/metrics-registry';
import { metricsConfig } from '../../src/config/metrics.config';
import { MetricsServer } from '../../src/metrics/metrics-server';
import { ScrapeGauges } from '../../src/metrics/scrape-gauges';
import { VENDOR_API } from '../support/api-paths';
import { bearer, createLead, createVendor } from '../support/factories';
import { waitUntil } from '../support/net';
import { TestApp, createTestApp, withConfig } from '../support/test-app';

const TOKEN = 'metrics-token-metrics-token-metrics-token';

/** The series a scrape answers (one line each, the comments left out). */
async function seriesOf(t: TestApp): Promise<string[]> {
  await t.app.get(ScrapeGauges).refresh();
  const text = await t.app.get(MetricsRegistry).registry.metrics();
  return text.split('\n').filter((line) => line && !line.startsWith('#'));
}

/** What a vendor does in a day, as far as the metrics see it: its leads read, opened, accepted; a 404. */
async function vendorTraffic(t: TestApp): Promise<void> {
  const { vendor, token } = await createVendor(t.app);
  const lead = await createLead(t.app, vendor.id);
  const auth = bearer(token);
  await request(t.http).get(`${VENDOR_API}/general-leads?filter=ALL`).set(auth).expect(200);
  await request(t.http).get(`${VENDOR_API}/general-leads/${lead.id}`).set(auth).expect(200);
  await request(t.http).post(`${VENDOR_API}/general-leads/${lead.id}/accept`).set(auth).expect(200);
  await request(t.http)
    .get(`${VENDOR_API}/general-leads/${lead.id + 1_000_000}`)
    .set(auth)
    .expect(404);
}

describe('Metrics', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: [withConfig(metricsConfig, { port: 0, token: TOKEN })] });
  });

  afterAll(() => t?.close());

  it('are served on a port of their own with the bearer token, and not on the API port', async () => {
    const url = (await t.app.get(MetricsServer).start())!;
    const { origin } = new URL(url);
    await request(origin).get('/metrics').expect(401).expect('WWW-Authenticate', 'Bearer');
    await request(origin)
      .get('/metrics')
      .set(bearer('x'.repeat(TOKEN.length)))
      .expect(401);
    const scraped = await request(origin).get('/metrics').set(bearer(TOKEN)).expect(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(scraped.text).toContain('process_resident_memory_bytes');
    expect(scraped.text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(scraped.text).toMatch(/^database_up 1$/m);
    await request(origin).get('/other').set(bearer(TOKEN)).expect(404);
    await request(t.http).get('/metrics').set(bearer(TOKEN)).expect(404);
  });

  it('label requests by route template, never by the path a client wrote', async () => {
    await vendorTraffic(t);
    const series = await seriesOf(t);
    const routes = new Set(series.flatMap((line) => /http_route="([^"]*)"/.exec(line)?.[1] ?? []));
    expect(routes).toContain('/rest-api-v1/general-leads/:id');
    expect(routes).toContain('/rest-api-v1/general-leads/:id/accept');
    expect([...routes].filter((route) => /\d/.test(route.replace('v1', '')))).toEqual([]);
  });

  it('count a request in flight until its connection closes', async () => {
    const inFlight = async () =>
      Number(/^http_server_active_requests (\d+)$/m.exec((await seriesOf(t)).join('\n'))?.[1]);
    expect(await inFlight()).toBe(0);
    // Half a body: the request waits for the rest, in flight, until the client goes away.
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = connect(port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    client.write(
      `POST ${VENDOR_API}/review-requests HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a"`,
    );
    await waitUntil(async () => (await inFlight()) === 1, 5_000);
    client.destroy();
    await waitUntil(async () => (await inFlight()) === 0, 5_000);
  });

  it("hold as many series after 1,000 vendors' traffic as after one vendor's", async () => {
    await vendorTraffic(t);
    const afterOne = await seriesOf(t);
    for (let i = 1; i < 1000; i++) await vendorTraffic(t);
    const afterThousand = await seriesOf(t);
    // Node's own series (a kind of garbage collection seen for the first time) are not the service's.
    const names = (lines: string[]) =>
      lines.filter((line) => !/^(nodejs|process)_/.test(line)).map((line) => line.slice(0, line.lastIndexOf(' ')));
    expect(names(afterThousand)).toEqual(names(afterOne));
    expect(afterThousand.find((line) => line.startsWith('lead_time_to_first_action_seconds_count'))).toMatch(
      / 100[12]$/,
    );
  }, 300_000);
});
