// `npm run migration:check`: fails when the entities and the migrations disagree. Applies every
// migration to a scratch database, then asks TypeORM to generate a migration from the entities; it
// must find nothing. The scratch database is on the tests' server (TEST_DATABASE_URL, the machine's
// PostgreSQL, or an embedded one started for the check).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { adminQuery, assertTestDatabase, databaseUrl, startTestServer } from '../test/support/test-database';

const root = join(__dirname, '..', '..');
const dataSource = join(root, 'dist', 'src', 'database', 'data-source.js');

function typeorm(args: string[], url: string): void {
  const cli = require.resolve('typeorm/cli.js', { paths: [root] });
  execFileSync(process.execPath, [cli, ...args, '-d', dataSource], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', args[0] === 'migration:run' ? 'ignore' : 'inherit', 'inherit'],
  });
}

async function main(): Promise<void> {
  const server = await startTestServer((line) => console.error(line));
  const name = `test_drift_${process.pid}`;
  assertTestDatabase(name);
  try {
    await adminQuery(`CREATE DATABASE ${name}`);
    try {
      typeorm(['migration:run'], databaseUrl(name));
      typeorm(['migration:generate', '--check', '--dryrun', join(root, 'migrations', 'Drift')], databaseUrl(name));
    } finally {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  // A drift is TypeORM's own report above; anything else is said here.
  if (!(error instanceof Error && 'status' in error)) console.error(error);
  process.exitCode = 1;
});
