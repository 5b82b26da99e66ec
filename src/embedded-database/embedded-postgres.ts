import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { EMBEDDED_DATABASE, EMBEDDED_DATABASE_SQL } from './embedded-database.sql';
import { embeddedPostgresPlaces } from './embedded-postgres-places';
import { initialiseCluster, startCluster } from './postgres-cluster';

export interface EmbeddedDatabase {
  url: string;
  /** Stops the server if this process started it; leaves one started by another process running. */
  stop(): Promise<void>;
}

interface Log {
  log(message: string): void;
  error(message: string): void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = EMBEDDED_DATABASE;

const urlOf = (port: number, database = DATABASE) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/** The data directory a PostgreSQL on this port serves, or undefined when none answers there. */
async function directoryServedOn(port: number): Promise<string | undefined> {
  const client = new Client({ connectionString: urlOf(port, 'postgres'), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>(EMBEDDED_DATABASE_SQL.dataDirectory.text);
    return realpathSync(rows[0].data_directory);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PostgreSQL's own lock file (postmaster.pid: its pid, then 3 lines on, its port), while a server holds the directory. */
function lockOf(databaseDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
    const [pid, port] = [Number(lines[0]), Number(lines[3])];
    return Number.isInteger(port) && port > 0 ? { pid, port } : undefined;
  } catch {
    return undefined;
  }
}

async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function anyFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The port to start this data directory's server on: EMBEDDED_POSTGRES_PORT when given (and free), else
 * the one recorded in dataDir/postgres.port on an earlier start, else a free one, recorded for next time.
 */
async function choosePort(dataDir: string, configured: number | undefined, log: Log): Promise<number> {
  if (configured !== undefined) {
    if (await portIsFree(configured)) return configured;
    throw new Error(
      `EMBEDDED_POSTGRES_PORT ${configured} is taken by another program or another data directory's ` +
        `PostgreSQL; choose a free port, or leave EMBEDDED_POSTGRES_PORT unset to have one chosen.`,
    );
  }
  const portFile = join(dataDir, 'postgres.port');
  const recorded = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').trim()) : undefined;
  if (recorded && (await portIsFree(recorded))) return recorded;
  const port = await anyFreePort();
  if (recorded) log.log(`Port ${recorded} of ${portFile} is taken by another program; using ${port} from now on`);
  writeFileSync(portFile, `${port}\n`);
  return port;
}

/**
 * The installation of the PostgreSQL binaries package for this platform, which `embedded-postgres` (a
 * development dependency) installs as its optional dependency; its exports are the programs' paths.
 * The package is left out of production installs (the image): without it the start says that
 * DATABASE_URL is needed.
 */
export async function installedPostgres(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    const { initdb } = (await import(name)) as { initdb: string };
    return dirname(dirname(initdb));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(
      'DATABASE_URL is not set and the embedded PostgreSQL (package embedded-postgres) is not installed: ' +
        'set DATABASE_URL to your PostgreSQL.',
      { cause: error },
    );
  }
}

/**
 * For a machine with no PostgreSQL: runs the real PostgreSQL binaries of the `embedded-postgres`
 * package with their data under dataDir/postgres (elsewhere as root when DATA_DIR is closed to
 * PostgreSQL's user: see embeddedPostgresPlaces), kept across restarts. Each data directory has its own
 * server on its own port, so two copies of the service never share a database by accident; a second
 * process on the same directory (the CLI while the server runs) joins the server running there.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  configuredPort: number | undefined,
  log: Log,
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const places = embeddedPostgresPlaces(await installedPostgres(), dataDir);
  const { databaseDir } = places;
  const running = lockOf(databaseDir);
  if (running && (await directoryServedOn(running.port)) === realpathSync(databaseDir)) {
    log.log(
      `Joined the embedded PostgreSQL already running for ${databaseDir} on 127.0.0.1:${running.port} ` +
        `(PostgreSQL pid ${running.pid}; it stops with the process that started it)`,
    );
    return { url: urlOf(running.port), stop: () => Promise.resolve() };
  }

  for (const move of places.moves) log.log(move);
  const port = await choosePort(dataDir, configuredPort, log);
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log.log(`Initialising an embedded PostgreSQL cluster in ${databaseDir}`);
    await initialiseCluster(places, USER, PASSWORD);
  }
  const server = await startCluster(places, port).catch((error: unknown) => {
    throw new Error(`The embedded PostgreSQL did not start: ${(error as Error).message}`, { cause: error });
  });
  const admin = new Client({ connectionString: urlOf(port, 'postgres') });
  await admin.connect();
  try {
    const exists = EMBEDDED_DATABASE_SQL.embeddedDatabaseExists.bind({ name: DATABASE });
    const { rowCount } = await admin.query(exists.sql, exists.parameters);
    if (!rowCount) await admin.query(EMBEDDED_DATABASE_SQL.createEmbeddedDatabase.text);
  } finally {
    await admin.end();
  }
  log.log(`Embedded PostgreSQL for ${databaseDir} listening on 127.0.0.1:${port}`);
  return { url: urlOf(port), stop: () => server.stop() };
}
