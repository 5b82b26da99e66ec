import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, assertTestDatabase, databaseUrl, startTestServer } from './support/test-database';
import { root, staleBuildReason } from './support/built-app';
import { startTestRedis } from './support/redis-server';

/** What the global teardown stops (Jest runs both in one process and shares their globals). */
export interface RunServices {
  stop(): Promise<void>;
}
declare global {
  var e2eRunServices: RunServices[] | undefined;
}

/** The servers of the run, then a fresh database per run, so runs never see each other's rows. */
export default async function globalSetup(): Promise<void> {
  const say = (line: string) => process.stderr.write(`\n${line}\n`);
  // Several tests run the built service: build it when a source changed, so one file run alone
  // (`npx jest test/leads`) tests the code as it is now.
  execFileSync('bash', [join(root, 'scripts', 'build-if-stale.sh')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const started: RunServices[] = (globalThis.e2eRunServices = []);
  try {
    started.push(await startTestRedis(say));
    started.push(await startTestServer(say));
  } catch (error) {
    // Jest does not run the teardown after a failed setup.
    for (const services of started.reverse()) await services.stop();
    throw error;
  }
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
