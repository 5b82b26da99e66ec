import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_MAIN, assertBuilt, runCli } from './support/built-app';

jest.setTimeout(180_000);

const HTTP_PORT = 39_000 + (process.pid % 1000);
const PG_PORT = 41_000 + (process.pid % 1000);
const base = `http://127.0.0.1:${HTTP_PORT}`;

const portOpen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/**
 * What a new user gets from `npm start` with no DATABASE_URL and no JWT_SECRET: the built server
 * starts its own PostgreSQL under DATA_DIR, keeps data and secret across restarts, shares the
 * server with the CLI, and stops it on SIGTERM.
 */
describe('npm start with nothing installed (embedded PostgreSQL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendor-svc-'));
  // PostgreSQL runs as the `postgres` user when we are root: it must be able to reach its directory.
  chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(HTTP_PORT),
    EMBEDDED_POSTGRES_PORT: String(PG_PORT),
  };
  let server: ChildProcess | undefined;

  const start = async (): Promise<void> => {
    server = spawn(process.execPath, [BUILT_MAIN], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor(async () => (await fetch(`${base}/health/ready`)).ok, 'readiness');
  };
  const stop = async (): Promise<{ code: number | null; signal: NodeJS.Signals | null }> => {
    const child = server!;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    child.kill('SIGTERM');
    const result = await exited;
    server = undefined;
    return result;
  };

  beforeAll(() => assertBuilt());
  afterAll(async () => {
    if (server) await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves docs, shares its database with the CLI, stops cleanly and keeps its data across a restart', async () => {
    await start();
    const docs = await fetch(`${base}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toMatch(/swagger-ui/i);

    // The CLI finds the running embedded server rather than starting a second one.
    const cli = await runCli(['create-admin', '--email', 'first@test.example', '--name', 'First'], env);
    expect(cli.stderr).toBe('');
    const token = cli.stdout.trim();
    const created = await fetch(`${base}/rest-manager-api-v1/vendors`, {
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

    const exit = await stop();
    expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
    await waitFor(async () => !(await portOpen(PG_PORT)), 'embedded PostgreSQL to stop', 15_000);

    await start();
    const features = await fetch(`${base}/rest-manager-api-v1/vendors/${vendorId}/features`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(features.status).toBe(200);
    expect(((await features.json()) as { success: boolean }).success).toBe(true);
  });
});
