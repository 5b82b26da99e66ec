import { rmSync } from 'node:fs';
import { adminQuery, assertTestDatabase } from './support/test-database';

export default async function globalTeardown(): Promise<void> {
  if (process.env.E2E_UPLOAD_DIR) rmSync(process.env.E2E_UPLOAD_DIR, { recursive: true, force: true });
  const name = process.env.E2E_DATABASE_NAME;
  if (!name) return;
  assertTestDatabase(name);
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
