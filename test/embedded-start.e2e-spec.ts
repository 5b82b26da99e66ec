import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './support/built-app';
import { BuiltServer } from './support/built-server';
import { freePort, waitUntil } from './support/net';

jest.setTimeout(240_000);

const portOpen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/**
 * What a new user gets from `npm start` with no DATABASE_URL and no JWT_SECRET: the built server
 * starts its own PostgreSQL under DATA_DIR, keeps data and secret across restarts, shares the
 * server with the CLI, and stops it on SIGTERM.
 */
describe('npm start with nothing installed (embedded PostgreSQL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendor-svc-'));
  // PostgreSQL runs as the `postgres` user when we are root: it must be able to reach its directory.
  chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'development', DATA_DIR: dataDir };
  const server = new BuiltServer({ cleanEnv: true, env });

  beforeAll(async () => {
    env.EMBEDDED_POSTGRES_PORT = String(await freePort());
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves docs, shares its database with the CLI, stops cleanly and keeps its data across a restart', async () => {
    await server.start();
    const docs = await fetch(`${server.url}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toMatch(/swagger-ui/i);

    // The CLI finds the running embedded server rather than starting a second one.
    const cliEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...env };
    const cli = await runCli(['create-admin', '--email', 'first@test.example', '--name', 'First'], cliEnv);
    expect(cli.stderr).toBe('');
    const token = cli.stdout.trim();
    const created = await fetch(`${server.url}/rest-manager-api-v1/vendors`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        vendorName: 'Embedded Co',
        email: 'e@test.example',
        cityName: 'Victoria',
        provinceName: 'BC',
      }),
    });
    expect(created.status).toBe(201);
    const vendorId = ((await created.json()) as { data: { id: number } }).data.id;

    const exit = await server.stop();
    expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
    await waitUntil(async () => !(await portOpen(Number(env.EMBEDDED_POSTGRES_PORT))), 15_000);

    await server.start();
    const features = await fetch(`${server.url}/rest-manager-api-v1/vendors/${vendorId}/features`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(features.status).toBe(200);
    expect(((await features.json()) as { success: boolean }).success).toBe(true);
  });
});
