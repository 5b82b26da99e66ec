import { ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { BUILT_MAIN, assertBuilt } from './support/built-app';
import { createAdmin } from './support/factories';
import { TestApp, createTestApp } from './support/test-app';

jest.setTimeout(60_000);

const PORT = 40_000 + (process.pid % 1000);

async function waitUntilReady(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`http://127.0.0.1:${PORT}/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

/** SIGTERM lets in-flight requests finish, refuses new ones, then the process exits. */
describe('Graceful shutdown (e2e)', () => {
  let t: TestApp;
  let server: ChildProcess;

  beforeAll(async () => {
    assertBuilt();
    t = await createTestApp();
    server = spawn(process.execPath, [BUILT_MAIN], {
      env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitUntilReady();
  });
  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
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
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

    // A client that has sent its headers and half its body: the request is in flight.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: PORT,
          method: 'POST',
          path: '/rest-manager-api-v1/vendors',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        server.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 500);
      }, 200);
    });

    // Meanwhile a new connection is refused.
    await new Promise((r) => setTimeout(r, 400));
    await expect(fetch(`http://127.0.0.1:${PORT}/health/live`)).rejects.toThrow();

    const answered = await response;
    expect(answered.status).toBe(201);
    expect(JSON.parse(answered.body)).toEqual({
      success: true,
      data: expect.objectContaining({ vendorName: 'Shutdown Co' }),
    });
    await exited;
    expect(server.signalCode === 'SIGTERM' || server.exitCode === 0).toBe(true);
  });
});
