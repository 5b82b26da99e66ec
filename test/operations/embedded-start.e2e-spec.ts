import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runMainToExit } from '../support/built-app';
import { BuiltServer } from '../support/built-server';
import { waitUntil } from '../support/net';

jest.setTimeout(300_000);

const portOpen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** A data directory as a new user's checkout has it; PostgreSQL runs as `postgres` when we are root. */
function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendor-svc-'));
  chmodSync(dataDir, 0o755);
  return dataDir;
}

/** What a new user's shell has: no DATABASE_URL, no JWT_SECRET, no EMBEDDED_POSTGRES_PORT. */
const userEnv = (dataDir: string): NodeJS.ProcessEnv => ({ NODE_ENV: 'development', DATA_DIR: dataDir });
const cliEnv = (dataDir: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  ...userEnv(dataDir),
});
const logMessages = (server: BuiltServer): string[] =>
  server.output
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
const recordedPort = (dataDir: string): number => Number(readFileSync(join(dataDir, 'postgres.port'), 'utf8'));

async function createVendor(server: BuiltServer, token: string): Promise<number> {
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
  return ((await created.json()) as { data: { id: number } }).data.id;
}

async function vendorCount(server: BuiltServer, token: string): Promise<number> {
  const list = await fetch(`${server.url}/rest-manager-api-v1/vendors`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(list.status).toBe(200);
  return ((await list.json()) as { data: { totalElements: number } }).data.totalElements;
}

/**
 * What a new user gets from `npm start` with no DATABASE_URL and no JWT_SECRET: the built server
 * starts its own PostgreSQL under DATA_DIR on a port of its own, keeps data, port and secret across
 * restarts, shares the server with the CLI and with a second process on the same directory, never
 * with another directory, and stops it on SIGTERM.
 */
describe('npm start with nothing installed (embedded PostgreSQL)', () => {
  const first = newDataDir();
  const second = newDataDir();
  const servers: BuiltServer[] = [];
  const serve = (dataDir: string, env: NodeJS.ProcessEnv = {}): BuiltServer => {
    const server = new BuiltServer({
      cleanEnv: true,
      captureStdout: true,
      env: { ...userEnv(dataDir), LOG_LEVEL: 'info', ...env },
    });
    servers.push(server);
    return server;
  };

  afterAll(async () => {
    for (const server of servers.reverse()) await server.stop();
    for (const dataDir of [first, second]) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves docs, shares its database with the CLI, stops cleanly on SIGHUP and keeps its data and port across a restart', async () => {
    const server = serve(first);
    await server.start();
    const port = recordedPort(first);
    expect(server.output).toContain(`listening on 127.0.0.1:${port}`);
    const docs = await fetch(`${server.url}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toMatch(/swagger-ui/i);

    // The CLI joins the running embedded server rather than starting a second one.
    const cli = await runCli(['create-admin', '--email', 'first@test.example', '--name', 'First'], cliEnv(first));
    expect(cli.stderr).toBe('');
    const token = cli.stdout.trim();
    const vendorId = await createVendor(server, token);

    // The CLI has no PORT of its own: its customer links point at the running server's port.
    const demo = await runCli(['seed-demo'], cliEnv(first));
    const links = Object.values((JSON.parse(demo.stdout) as { customerLinks: Record<string, string> }).customerLinks);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`http://localhost:${server.port}/`)).toBe(true);

    // As when the terminal running `npm start` is closed: the embedded server stops with it.
    const exit = await server.stop('SIGHUP');
    expect(exit.code === 0 || exit.signal === 'SIGHUP').toBe(true);
    await waitUntil(async () => !(await portOpen(port)), 15_000);

    await server.start();
    expect(recordedPort(first)).toBe(port);
    const features = await fetch(`${server.url}/rest-manager-api-v1/vendors/${vendorId}/features`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(features.status).toBe(200);
  });

  it('gives a second data directory its own server, and lets a second process on the same directory join', async () => {
    const other = serve(second);
    await other.start();
    expect(recordedPort(second)).not.toBe(recordedPort(first));
    // The same e-mail is free there: the two copies do not share a database.
    const cli = await runCli(['create-admin', '--email', 'first@test.example', '--name', 'Other'], cliEnv(second));
    expect(cli.code).toBe(0);
    expect(await vendorCount(other, cli.stdout.trim())).toBe(0);

    const joining = serve(first);
    await joining.start();
    expect(joining.output).toContain(`Joined the embedded PostgreSQL already running for ${join(first, 'postgres')}`);
    const token = (await runCli(['manager-token', '--email', 'first@test.example'], cliEnv(first))).stdout.trim();
    expect(await vendorCount(joining, token)).toBe(2);
  });

  it('refuses an EMBEDDED_POSTGRES_PORT another data directory uses, naming it, with exit code 1', async () => {
    const taken = recordedPort(second);
    const third = newDataDir();
    try {
      const start = await runMainToExit({ ...cliEnv(third), EMBEDDED_POSTGRES_PORT: String(taken), PORT: '0' });
      expect(start.code).toBe(1);
      expect(start.stderr).toContain(`EMBEDDED_POSTGRES_PORT ${taken} is taken`);
    } finally {
      rmSync(third, { recursive: true, force: true });
    }
  });

  // PostgreSQL runs as another user only when we are root: as anyone else, a 0700 directory is its own.
  (process.getuid?.() === 0 ? it : it.skip)(
    'as root, with DATA_DIR under a 0700 directory the postgres user cannot enter: says where the data went, is ready, and leaves the directory closed',
    async () => {
      const closed = mkdtempSync(join(tmpdir(), 'vendor-svc-home-'));
      let databaseDir: string | undefined;
      try {
        const server = serve(join(closed, '.data'));
        await server.start();
        const moved = logMessages(server)
          .map((message) =>
            /^PostgreSQL keeps the data of (\S+) in (\S+): user "postgres" cannot enter (\S+) \(mode 0700\)$/.exec(
              message,
            ),
          )
          .find(Boolean);
        expect(moved?.slice(1, 4)).toEqual([join(closed, '.data'), expect.stringMatching(/^\/var\/lib\//), closed]);
        databaseDir = moved![2];
        expect((await fetch(`${server.url}/health/ready`)).status).toBe(200);
        await server.stop();
        expect(statSync(closed).mode & 0o777).toBe(0o700);
      } finally {
        rmSync(closed, { recursive: true, force: true });
        if (databaseDir) rmSync(databaseDir, { recursive: true, force: true });
      }
    },
  );
});
