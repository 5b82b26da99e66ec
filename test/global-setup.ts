import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, assertTestDatabase, databaseUrl } from './support/test-database';
import { root, staleBuildReason } from './support/built-app';

/** A fresh database per run, so runs never see each other's rows. */
export default async function globalSetup(): Promise<void> {
  const name = `test_e2e_${Date.now()}_${process.pid}`;
  assertTestDatabase(name);
  await adminQuery(`CREATE DATABASE ${name}`);
  // Workers start after this and inherit the environment.
  process.env.E2E_DATABASE_NAME = name;
  process.env.DATABASE_URL = databaseUrl(name);
  // Uploaded images of this run, removed at the end (never the developer's own UPLOAD_DIR).
  process.env.UPLOAD_DIR = process.env.E2E_UPLOAD_DIR = mkdtempSync(join(tmpdir(), 'e2e-uploads-'));
  writeServedDocument();
}

/** The document the built service serves, which every e2e response is checked against (support/response-contract.ts). */
function writeServedDocument(): void {
  const stale = staleBuildReason(root);
  if (stale) {
    process.env.E2E_OPENAPI_PROBLEM = stale;
    return;
  }
  const file = join(root, 'dist', 'openapi.json');
  execFileSync(process.execPath, [join(root, 'dist', 'scripts', 'write-openapi.js'), file], { stdio: 'ignore' });
  process.env.E2E_OPENAPI_DOCUMENT = file;
}
