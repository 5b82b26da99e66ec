import { request as httpRequest } from 'node:http';
import { BuiltServer } from '../support/built-server';
import { createAdmin } from '../support/factories';
import { waitUntil } from '../support/net';
import { TestApp, createTestApp } from '../support/test-app';

jest.setTimeout(120_000);

/** SIGTERM lets in-flight requests finish, refuses new ones, then the process exits. */
describe('Graceful shutdown (e2e, built server)', () => {
  const server = new BuiltServer();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await server.start();
  });
  afterAll(async () => {
    await server.stop('SIGKILL');
    await t.close();
  });

  it('finishes a request that is in flight when SIGTERM arrives', async () => {
    const { token } = await createAdmin(t.app);
    const body = JSON.stringify({
      vendorName: 'Shutdown Co',
      email: 'sd@test.example',
      cityName: 'Laval',
      provinceName: 'Quebec',
    });

    // A client that has sent its headers and half its body: the request is in flight. `Expect:
    // 100-continue` makes the server say when it has taken the request, so the test knows.
    const req = httpRequest({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/rest-manager-api-v1/vendors',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        Expect: '100-continue',
      },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    const taken = new Promise((resolve) => req.once('continue', resolve));
    req.flushHeaders();
    await taken;
    req.write(body.slice(0, 20));

    const exited = server.stop('SIGTERM');
    // While it drains, new connections are refused (once it has stopped listening).
    await waitUntil(() =>
      fetch(`${server.url}/health/live`).then(
        () => false,
        () => true,
      ),
    );

    req.end(body.slice(20));
    const answered = await response;
    expect(answered.status).toBe(201);
    expect(JSON.parse(answered.body)).toEqual({
      success: true,
      data: expect.objectContaining({ vendorName: 'Shutdown Co' }),
    });
    const exit = await exited;
    expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
  });
});
