import { Client } from 'pg';

/** The server the e2e tests create their throwaway database on (the machine's PostgreSQL by default). */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Refuses to touch a database whose name does not say it is a test one. */
export function assertTestDatabase(name: string): void {
  if (!/^test_[a-z0-9_]+$/.test(name)) throw new Error(`Refusing to use "${name}": e2e databases must be named test_*`);
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: TEST_SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
