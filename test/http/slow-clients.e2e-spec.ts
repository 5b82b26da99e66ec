import type { AddressInfo } from 'node:net';
import { httpConfig } from '../../src/config/http.config';
import { stalledRequest } from '../support/raw-http';
import { type TestApp, createTestApp, withConfig } from '../support/test-app';

// Node checked its timeouts every 30 s, so a limit acted up to 30 s late: the server must cut a slow
// client off within a couple of seconds of its limit, on a loaded machine too.
const HEADERS_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 4_000;
const LATE_BY_AT_MOST_MS = 4_000;

describe('Slow clients are cut off at the configured timeouts (e2e)', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      config: [withConfig(httpConfig, { headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS })],
    });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const expectCutOffAt = async (sent: string, limitMs: number) => {
    const { reply, closedAfterMs } = await stalledRequest(port, sent, limitMs + LATE_BY_AT_MOST_MS);
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs).toBeGreaterThanOrEqual(limitMs - 100);
    expect(closedAfterMs).toBeLessThan(limitMs + LATE_BY_AT_MOST_MS);
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply.slice(reply.indexOf('\r\n\r\n') + 4)).toBe(
      '{"success":false,"error":"The request took too long to arrive."}',
    );
  };

  it('answers 408 and closes when the headers do not arrive within the header timeout', async () => {
    await expectCutOffAt('GET /health/live HTTP/1.1\r\nHost: x\r\nX-Slow: ', HEADERS_TIMEOUT_MS);
  });

  it('answers 408 and closes when the body does not arrive within the request timeout', async () => {
    const headers = 'POST /rest-api-v1/general-leads HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n';
    await expectCutOffAt(`${headers}Content-Length: 100\r\n\r\n{"a":`, REQUEST_TIMEOUT_MS);
  });
});
