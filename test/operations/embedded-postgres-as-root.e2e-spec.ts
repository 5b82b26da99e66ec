import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { embeddedPostgresPlaces, type ReachableHomes } from '../../src/embedded-database/embedded-postgres-places';
import { initialiseCluster, startCluster } from '../../src/embedded-database/postgres-cluster';
import { assertBuilt, root } from '../support/built-app';
import { freePort } from '../support/net';

jest.setTimeout(120_000);

/** Where the service finds PostgreSQL's binaries (an ES module package, which Jest's runtime cannot import). */
function installedPostgres(): string {
  assertBuilt();
  const built = join(root, 'dist', 'src', 'embedded-database', 'embedded-postgres.js');
  const script = `require(${JSON.stringify(built)}).installedPostgres().then((path) => process.stdout.write(path))`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** As a checkout made with umask 077 has it: nothing readable but by its owner. */
function closeTree(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) closeTree(path);
    else if (entry.isFile()) chmodSync(path, statSync(path).mode & 0o700);
  }
}

/** Every directory and file under `dir`, symbolic links left out. */
function treeOf(dir: string): { path: string; directory: boolean }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isDirectory() || entry.isFile())
    .map((entry) => ({ path: join(entry.parentPath, entry.name), directory: entry.isDirectory() }));
}

async function query(port: number, sql: string): Promise<unknown[]> {
  const client = new Client({ connectionString: `postgres://postgres:secret@127.0.0.1:${port}/postgres` });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Root is the default user of most containers, VMs and CI runners, and root's home is mode 0700. As any
 * other user PostgreSQL runs as that user and a 0700 directory is its own: there is nothing to show then.
 */
(process.getuid?.() === 0 ? describe : describe.skip)(
  'the embedded PostgreSQL as root, from a checkout under a 0700 directory (e2e)',
  () => {
    let home: string;
    let installation: string;
    let dataDir: string;
    let homes: ReachableHomes;

    beforeAll(() => {
      home = mkdtempSync(join(tmpdir(), 'vendor-svc-home-'));
      installation = join(home, 'checkout', 'node_modules', 'postgresql');
      cpSync(installedPostgres(), installation, { recursive: true, verbatimSymlinks: true });
      closeTree(join(home, 'checkout'));
      dataDir = join(home, 'checkout', '.data');
      mkdirSync(dataDir, { mode: 0o700 });
      const system = mkdtempSync(join(tmpdir(), 'vendor-svc-system-'));
      chmodSync(system, 0o755);
      homes = { binaries: join(system, 'cache'), data: join(system, 'lib') };
    });

    afterAll(() => {
      for (const dir of [home, homes && join(homes.binaries, '..')]) {
        if (dir) rmSync(dir, { recursive: true, force: true });
      }
    });

    it('runs a root-owned copy of the binaries as "postgres", keeps the data where that user can reach it, restarts on it, and opens nothing', async () => {
      const places = embeddedPostgresPlaces(installation, dataDir, homes);
      expect(places.runAs?.name).toBe('postgres');
      expect(places.installation).toMatch(new RegExp(`^${homes.binaries}/postgresql-[0-9a-f]{16}$`));
      expect(places.databaseDir).toMatch(new RegExp(`^${homes.data}/postgres-[0-9a-f]{16}$`));
      expect(places.moves).toEqual([
        `PostgreSQL runs from ${places.installation}: user "postgres" cannot enter ${home} (mode 0700)`,
        `PostgreSQL keeps the data of ${dataDir} in ${places.databaseDir}: user "postgres" cannot enter ${home} (mode 0700)`,
      ]);

      // The copy: root's, every directory 0755, every file readable by all and programs runnable by all.
      const copy = treeOf(places.installation);
      expect(copy.length).toBeGreaterThan(100);
      const wrong = copy.filter(({ path, directory }) => {
        const { uid, mode } = statSync(path);
        return uid !== 0 || (directory ? (mode & 0o777) !== 0o755 : (mode & 0o444) !== 0o444);
      });
      expect(wrong).toEqual([]);
      expect(modeOf(join(places.installation, 'bin', 'postgres'))).toBe(0o755);
      // The data directory: PostgreSQL's user's own, closed to everyone else.
      expect(statSync(places.databaseDir).uid).toBe(places.runAs!.uid);
      expect(modeOf(places.databaseDir)).toBe(0o700);

      await initialiseCluster(places, 'postgres', 'secret');
      const port = await freePort();
      let server = await startCluster(places, port);
      try {
        await query(port, 'CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$across a restart$$)');
      } finally {
        await server.stop();
      }

      // The next start finds the same copy and the same data.
      expect(embeddedPostgresPlaces(installation, dataDir, homes)).toEqual(places);
      server = await startCluster(places, port);
      try {
        expect(await query(port, 'SELECT note FROM kept')).toEqual([{ note: 'across a restart' }]);
      } finally {
        await server.stop();
      }
      for (const dir of [home, join(home, 'checkout'), installation, dataDir]) expect(modeOf(dir)).toBe(0o700);
    });

    it('stops with one sentence naming the closed directory and DATABASE_URL when no reachable home can be made', () => {
      // Under a file, as on a read-only or full system disk: no directory can be made there.
      const unwritable = { binaries: '/dev/null/vendor-svc-cache', data: '/dev/null/vendor-svc-data' };
      expect(() => embeddedPostgresPlaces(installation, dataDir, unwritable)).toThrow(
        `The embedded PostgreSQL cannot run here: the "postgres" user cannot enter ${home}, nor could ` +
          `/dev/null/vendor-svc-cache take a copy; set DATABASE_URL to a PostgreSQL server, or start the service as another user than root.`,
      );
    });
  },
);
