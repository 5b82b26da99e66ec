// `npm run bench:webhooks`: how fast the webhook outbox delivers, and whether a dead receiver holds
// back the others. The built service runs on a scratch `test_` database; deliveries are queued in
// SQL (the outbox rows the producers write), and a receiver on 127.0.0.1 answers 200 at once or, for
// the dead endpoint, never. Rates are counted by the receiver, from its first request to its last.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { BuiltServer } from '../test/support/built-server';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';

const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 4);
const PER_ENDPOINT = Number(process.env.BENCH_DELIVERIES ?? 1500);
const DEAD_BACKLOG = 1000;
const LIVE_AFTER_DEAD = 200;
const DATABASE = `test_bench_webhooks_${process.pid}`;
const BODY = JSON.stringify({ id: 'evt_0', type: 'lead.assigned', timestamp: new Date().toISOString(), data: {} });

/** Counts requests per path with the time of each; `/dead/...` never answers. */
class Receiver {
  readonly times = new Map<string, number[]>();
  private readonly server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '';
      if (path.startsWith('/dead')) return;
      this.times.set(path, [...(this.times.get(path) ?? []), performance.now()]);
      res.writeHead(200).end('ok');
    });
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  count(prefix: string): number {
    return [...this.times].filter(([path]) => path.startsWith(prefix)).reduce((n, [, t]) => n + t.length, 0);
  }

  span(prefix: string): number {
    const all = [...this.times].filter(([path]) => path.startsWith(prefix)).flatMap(([, t]) => t);
    return Math.max(...all) - Math.min(...all);
  }

  reset(): void {
    this.times.clear();
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const server = (url: string) =>
  new BuiltServer({
    env: {
      DATABASE_URL: url,
      JWT_SECRET: 'webhooks-bench-secret-webhooks-bench-secret',
      NOTIFY_WORKER_ENABLED: 'false',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_ALLOW_INSECURE: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '100',
      LOG_LEVEL: 'warn',
    },
  });

async function endpoint(db: Client, vendorId: number, url: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO webhook_endpoints (account_type, account_id, url, events, secret)
     VALUES ('vendor', $1, $2, '{*}', 'whsec_' || encode(gen_random_bytes(24), 'base64')) RETURNING id`,
    [vendorId, url],
  );
  return rows[0].id;
}

async function queue(db: Client, endpointId: number, count: number): Promise<void> {
  await db.query(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body)
     SELECT $1::int, 'evt_' || $1::int || '_' || n, 'lead.assigned', $2 FROM generate_series(1, $3::int) AS n`,
    [endpointId, BODY, count],
  );
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('The deliveries did not finish in time.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Delivers ENDPOINTS × PER_ENDPOINT queued events with the servers running; answers events/s. */
async function rate(db: Client, receiver: Receiver, vendorId: number, run: string): Promise<number> {
  receiver.reset();
  for (let i = 0; i < ENDPOINTS; i++)
    await queue(db, await endpoint(db, vendorId, receiver.url(`/${run}/${i}`)), PER_ENDPOINT);
  const total = ENDPOINTS * PER_ENDPOINT;
  await until(() => receiver.count(`/${run}/`) >= total, 300_000);
  return total / (receiver.span(`/${run}/`) / 1000);
}

async function main(): Promise<void> {
  assertTestDatabase(DATABASE);
  await adminQuery(`CREATE DATABASE ${DATABASE}`);
  const url = databaseUrl(DATABASE);
  const db = new Client({ connectionString: url });
  const receiver = new Receiver();
  const servers = [server(url), server(url)];
  try {
    await receiver.start();
    await servers[0].start();
    await db.connect();
    await db.query('CREATE EXTENSION IF NOT EXISTS pgcrypto');
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO vendors (vendor_name, email, city_name, province_name)
       VALUES ('Bench Renovations', 'bench@vendor.example', 'Toronto', 'Ontario') RETURNING id`,
    );
    const vendorId = rows[0].id;
    const total = ENDPOINTS * PER_ENDPOINT;
    console.log(`${total} deliveries over ${ENDPOINTS} endpoints, receiver on loopback, default concurrency settings`);
    console.log(`one instance:  ${(await rate(db, receiver, vendorId, 'one')).toFixed(0)} events/s`);
    await servers[1].start();
    console.log(`two instances: ${(await rate(db, receiver, vendorId, 'two')).toFixed(0)} events/s`);

    // A live endpoint alone, then behind 1,000 queued events to an endpoint that never answers.
    receiver.reset();
    await queue(db, await endpoint(db, vendorId, receiver.url('/alone')), LIVE_AFTER_DEAD);
    const aloneStart = performance.now();
    await until(() => receiver.count('/alone') >= LIVE_AFTER_DEAD, 120_000);
    const alone = performance.now() - aloneStart;
    await queue(db, await endpoint(db, vendorId, receiver.url('/dead')), DEAD_BACKLOG);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the dead endpoint's first claims are in flight
    await queue(db, await endpoint(db, vendorId, receiver.url('/live')), LIVE_AFTER_DEAD);
    const liveStart = performance.now();
    await until(() => receiver.count('/live') >= LIVE_AFTER_DEAD, 120_000);
    const live = performance.now() - liveStart;
    console.log(
      `${LIVE_AFTER_DEAD} events to a live endpoint: ${alone.toFixed(0)} ms alone, ` +
        `${live.toFixed(0)} ms with ${DEAD_BACKLOG} queued to an endpoint that never answers (two instances)`,
    );
  } finally {
    await db.end().catch(() => undefined);
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await receiver.stop();
    await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
