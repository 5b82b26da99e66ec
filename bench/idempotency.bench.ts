// `npm run bench:idempotency`: the cost of the Idempotency-Key check on POST /review-requests.
// The built service runs on a scratch `test_` database (delivery worker off, rate limit out of the way);
// autocannon drives the same request without a key and with a fresh key per request, the two taking
// turns for ROUNDS rounds so that machine drift falls on both. Prints req/s and p50/p99 per variant.
import autocannon from 'autocannon';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { BuiltServer } from '../test/support/built-server';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const JWT_SECRET = 'idempotency-bench-secret-idempotency-bench-secret';
const DATABASE = `test_bench_idempotency_${process.pid}`;

interface Result {
  rps: number;
  p50: number;
  p99: number;
}

async function vendorToken(url: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const jti = randomUUID();
    const { rows } = await client.query<{ id: number }>(
      `WITH vendor AS (
         INSERT INTO vendors (vendor_name, email, city_name, province_name, enable_standalone_review_booster)
         VALUES ('Bench Renovations', 'bench@vendor.example', 'Toronto', 'Ontario', true) RETURNING id)
       INSERT INTO api_keys (id, vendor_id, name, scopes, created_by)
       SELECT $1, id, 'api-token', '{*}', 'cli' FROM vendor RETURNING vendor_id AS id`,
      [jti],
    );
    const jwt = new JwtService({ secret: createSecretKey(Buffer.from(JWT_SECRET)) });
    return jwt.sign({ typ: 'vendor' }, { subject: String(rows[0].id), jwtid: jti, algorithm: 'HS256' });
  } finally {
    await client.end();
  }
}

async function drive(base: string, token: string, withKey: boolean): Promise<Result> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        path: '/rest-api-v1/review-requests',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ firstName: 'Jane', emailTo: 'jane@customer.example', phone: '416-555-0142' }),
        setupRequest: (request) =>
          withKey ? { ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } } : request,
      },
    ],
  });
  if (result.non2xx > 0) throw new Error(`answers not 2xx: ${JSON.stringify(result.statusCodeStats)}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function main(): Promise<void> {
  assertTestDatabase(DATABASE);
  await adminQuery(`CREATE DATABASE ${DATABASE}`);
  const url = databaseUrl(DATABASE);
  const server = new BuiltServer({
    env: {
      DATABASE_URL: url,
      JWT_SECRET,
      NOTIFY_WORKER_ENABLED: 'false',
      RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    await server.start();
    const token = await vendorToken(url);
    await drive(server.url, token, false); // warm-up
    const runs: Record<'without' | 'with', Result[]> = { without: [], with: [] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.without.push(await drive(server.url, token, false));
      runs.with.push(await drive(server.url, token, true));
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    console.log(`POST /review-requests, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s each`);
    for (const [name, results] of Object.entries(runs)) {
      console.log(
        `${name.padEnd(7)} key: ${results.map((r) => r.rps.toFixed(0)).join(' / ')} req/s ` +
          `(mean ${mean(results.map((r) => r.rps)).toFixed(0)}), p50 ${mean(results.map((r) => r.p50)).toFixed(1)} ms, ` +
          `p99 ${mean(results.map((r) => r.p99)).toFixed(1)} ms`,
      );
    }
    const ratio = mean(runs.with.map((r) => r.rps)) / mean(runs.without.map((r) => r.rps));
    console.log(`with a key / without: ${ratio.toFixed(2)} of the throughput`);
  } finally {
    await server.stop();
    await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
