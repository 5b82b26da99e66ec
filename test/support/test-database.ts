import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedDatabase } from '../../src/embedded-database/embedded-postgres';

/** The machine's PostgreSQL, used when TEST_DATABASE_URL is unset and it answers. */
const MACHINE_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The server the tests create their throwaway databases on: TEST_DATABASE_URL, which the global setup
 * sets to the server it chose (see startTestServer) before any test file runs.
 */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? MACHINE_SERVER_URL;
}

export function databaseUrl(name: string): string {
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Refuses to touch a database whose name does not say it is a test one. */
export function assertTestDatabase(name: string): void {
  if (!/^test_[a-z0-9_]+$/.test(name)) throw new Error(`Refusing to use "${name}": e2e databases must be named test_*`);
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestServer {
  url: string;
  /** Stops the server and removes its data if this process started it; leaves any other alone. */
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
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
 * TEST_DATABASE_URL when set; else the machine's PostgreSQL when it answers (unless
 * TEST_EMBEDDED_POSTGRES=true, which CI uses to prove the plans on the major users get); else an embedded
 * PostgreSQL (the one the service starts without DATABASE_URL) in a temporary directory, so the tests
 * need nothing but Node.js. Sets TEST_DATABASE_URL to the answer for what runs later (Jest's workers,
 * child scripts).
 */
export async function startTestServer(say: (line: string) => void): Promise<TestServer> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => Promise.resolve() };
  if (process.env.TEST_EMBEDDED_POSTGRES !== 'true' && (await answers(MACHINE_SERVER_URL))) {
    process.env.TEST_DATABASE_URL = MACHINE_SERVER_URL;
    return { url: MACHINE_SERVER_URL, stop: () => Promise.resolve() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'test-postgres-'));
  // When we are root, PostgreSQL runs as the `postgres` user, which must reach its directory.
  chmodSync(dataDir, 0o755);
  const embedded = await startEmbeddedDatabase(dataDir, undefined, { log: () => undefined, error: say });
  say(`TEST_DATABASE_URL is unset and 127.0.0.1:5432 not used: an embedded PostgreSQL (${new URL(embedded.url).host})`);
  process.env.TEST_DATABASE_URL = embedded.url;
  return {
    url: embedded.url,
    stop: async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
