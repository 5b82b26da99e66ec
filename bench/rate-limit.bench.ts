// `npm run bench:rate-limit`: two built servers (`node dist/src/main.js`) sharing one Redis, with the
// spec's limit of 250 per 5 minutes, and a burst of 400 concurrent requests of one vendor split across
// them, repeated BENCH_RUNS times (default 10) with a new vendor each run. Every core is kept busy
// meanwhile (BENCH_CPU_LOAD=0 turns that off). Prints how many requests each run admitted: exactly 250
// when the limiter is shared correctly. On a scratch database (test_bench_rate_limit_*), dropped after.
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import Redis from 'ioredis';
import { CpuLoad } from '../test/support/cpu-load';
import { SPEC_LIMIT, burst, startInstances } from '../test/support/rate-limit-burst';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';
import { seedVendors } from '../scripts/lead-seed';
import { scriptDataSource } from '../scripts/script-data-source';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const REQUESTS = 400;
const CPU_LOAD = process.env.BENCH_CPU_LOAD !== '0';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = 'rate-limit-bench-secret-rate-limit-bench-secret';

/** `count` vendors, each with a token signed as the service signs it for a key stored with every scope. */
async function vendorTokens(url: string, count: number): Promise<string[]> {
  const dataSource = scriptDataSource(url);
  await dataSource.initialize();
  try {
    await dataSource.runMigrations();
    const jwt = new JwtService({ secret: JWT_SECRET });
    return await Promise.all(
      (await seedVendors(dataSource, count)).map(async (id) => {
        const jti = randomUUID();
        await dataSource.query(
          `INSERT INTO api_keys (id, vendor_id, name, scopes, created_by) VALUES ($2, $1, 'api-token', '{*}', 'cli')`,
          [id, jti],
        );
        return jwt.sign({ typ: 'vendor' }, { subject: String(id), jwtid: jti, algorithm: 'HS256' });
      }),
    );
  } finally {
    await dataSource.destroy();
  }
}

async function main(): Promise<void> {
  const name = `test_bench_rate_limit_${process.pid}`;
  assertTestDatabase(name);
  await adminQuery(`CREATE DATABASE ${name}`);
  const prefix = `rate-limit-bench:${randomUUID()}:`;
  const servers = [];
  try {
    const url = databaseUrl(name);
    const tokens = await vendorTokens(url, RUNS);
    servers.push(
      ...(await startInstances(2, {
        DATABASE_URL: url,
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        REDIS_URL,
        RATE_LIMIT_REDIS_PREFIX: prefix,
      })),
    );
    console.log(
      `${RUNS} runs of ${REQUESTS} concurrent requests over 2 instances on one Redis, limit ${SPEC_LIMIT}; ` +
        `${cpus().length} CPUs${CPU_LOAD ? `, all kept busy by ${cpus().length} spinning processes` : ''}`,
    );
    const load = CPU_LOAD ? await CpuLoad.start() : undefined;
    const admitted: number[] = [];
    try {
      for (const [run, token] of tokens.entries()) {
        const result = await burst(servers, token, REQUESTS);
        admitted.push(result.admitted);
        const other = result.other.length ? `, other: ${result.other.join(' ')}` : '';
        console.log(
          `run ${String(run + 1).padStart(2)}: admitted ${result.admitted}, refused ${result.refused}${other}`,
        );
      }
    } finally {
      await load?.stop();
    }
    const exact = admitted.filter((count) => count === SPEC_LIMIT).length;
    console.log(`exactly ${SPEC_LIMIT} in ${exact} of ${RUNS} runs; admitted ${admitted.join(', ')}`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
