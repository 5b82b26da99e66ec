import { rmSync } from 'node:fs';
import { adminQuery, assertTestDatabase } from './support/test-database';

export default async function globalTeardown(): Promise<void> {
  if (process.env.E2E_UPLOAD_DIR) rmSync(process.env.E2E_UPLOAD_DIR, { recursive: true, force: true });
  const name = process.env.E2E_DATABASE_NAME;
  if (name) {
    assertTestDatabase(name);
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  // The run's own PostgreSQL and Redis, if the setup started them, last.
  for (const services of (globalThis.e2eRunServices ?? []).reverse()) await services.stop();
}
