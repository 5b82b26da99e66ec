// `npm run bench:metrics`: what the metrics cost. Built servers on the load data set (`npm run
// seed:load`, run first when missing), BENCH_PROCESSES (default 2) with METRICS_ENABLED=true and as many
// with false, take turns on
// bench:http's page 0 and filter counts (autocannon, BENCH_CONNECTIONS, BENCH_DURATION s, BENCH_ROUNDS
// rounds with the order turned, after BENCH_WARM_START s of each endpoint on each server unmeasured), the
// metrics server scraped all along every BENCH_SCRAPE_EVERY s (default 15, as deploy/prometheus scrapes).
// Then 1,000 vendors of the data set each read their leads and counts and open one lead that is not
// theirs, and the scrape that follows is timed (BENCH_SCRAPES times) and weighed. Prints requests/s and
// CPU per request per server and round, the ratios on/off (the mean of the processes with metrics over
// the mean of those without, per round) and control/off (the second process without metrics over the
// first: two alike servers' ratio is this machine's noise in the same run), the scrape's time and size,
// the peak RSS with metrics on and off.
import autocannon from 'autocannon';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { loadDatabaseReady, loadDatabaseUrl, seedLoadDatabase } from '../scripts/seed-load';
import { BuiltServer } from '../test/support/built-server';
import { freePort } from '../test/support/net';
import { BENCH_JWT_SECRET, benchTokens } from './http/tokens';
import { percentile } from './percentile';
import { cpuMs } from './process-cpu';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
// V8 compiles the service's code for a good while after its start: measured rounds begin on warm servers.
const WARM_START_S = Number(process.env.BENCH_WARM_START ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// Many short rounds taking turns: one round swings more than what is measured, their median much less
// (on a busy virtual machine the median of 20 still moved by a few percent from one run to the next).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const SCRAPES = Number(process.env.BENCH_SCRAPES ?? 50);
const SCRAPE_EVERY_S = Number(process.env.BENCH_SCRAPE_EVERY ?? 15);
// Processes of each kind: one process can run a few percent faster or slower than its twin for its whole
// life (where V8 placed and compiled things), so each kind's figure is the mean over several.
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
const VENDORS = 1000;
const ENDPOINTS = [
  { label: 'GET /general-leads (page 0)', path: '/rest-api-v1/general-leads?page=0&size=10' },
  { label: 'GET /general-leads/filter-counts', path: '/rest-api-v1/general-leads/filter-counts' },
];

interface Served {
  name: string;
  server: BuiltServer;
  metricsUrl?: string;
  peakRssMb: number;
}

const rssMb = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function start(name: string, metrics: boolean): Promise<Served> {
  const metricsPort = await freePort();
  const server = new BuiltServer({
    env: {
      DATABASE_URL: loadDatabaseUrl(1),
      JWT_SECRET: BENCH_JWT_SECRET,
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_WINDOW_MS: '1000',
      METRICS_ENABLED: String(metrics),
      METRICS_PORT: String(metricsPort),
    },
  });
  await server.start();
  return { name, server, metricsUrl: metrics ? `http://127.0.0.1:${metricsPort}/metrics` : undefined, peakRssMb: 0 };
}

interface Driven {
  rps: number;
  /** The server's Node CPU (user + system) per request answered: steadier than req/s on a shared machine. */
  cpuMsPerRequest: number;
}

/** Drives one endpoint; the RSS is sampled every second meanwhile. */
const loadOptions = (served: Served, path: string, token: string) => ({
  url: served.server.url + path,
  connections: CONNECTIONS,
  headers: { authorization: `Bearer ${token}` },
});

async function drive(served: Served, path: string, token: string): Promise<Driven> {
  const options = loadOptions(served, path, token);
  await autocannon({ ...options, duration: 1 });
  const pid = served.server.process.pid!;
  const sample = setInterval(() => (served.peakRssMb = Math.max(served.peakRssMb, rssMb(pid))), 1000);
  try {
    const cpuBefore = cpuMs(pid);
    const result = await autocannon({ ...options, duration: DURATION_S });
    if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${served.name} ${path}: requests failed`);
    return { rps: result.requests.average, cpuMsPerRequest: (cpuMs(pid) - cpuBefore) / result.requests.total };
  } finally {
    clearInterval(sample);
  }
}

/** Tokens of the first `count` vendors with a key (one each), signed as the service signs them. */
async function vendorTokens(count: number): Promise<string[]> {
  const client = new Client({ connectionString: loadDatabaseUrl(1) });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; jti: string }>(
      `SELECT DISTINCT ON (vendor_id) vendor_id AS id, id AS jti FROM api_keys
        WHERE vendor_id IS NOT NULL ORDER BY vendor_id, created_at LIMIT $1`,
      [count],
    );
    const jwt = new JwtService({ secret: createSecretKey(Buffer.from(BENCH_JWT_SECRET)) });
    return rows.map(({ id, jti }) =>
      jwt.sign({ typ: 'vendor' }, { subject: String(id), jwtid: jti, algorithm: 'HS256' }),
    );
  } finally {
    await client.end();
  }
}

/** The median and the quartiles of the rounds' ratios: the spread says how far one median can be trusted. */
function quartiles(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const [low, median, high] = [25, 50, 75].map((p) => percentile(sorted, p).toFixed(3));
  return `${median} [${low}, ${high}]`;
}

async function main(): Promise<void> {
  if (!(await loadDatabaseReady(1))) await seedLoadDatabase(1);
  const { big } = await benchTokens(loadDatabaseUrl(1));
  const ons: Served[] = [];
  const offs: Served[] = [];
  for (let i = 1; i <= PROCESSES; i++) {
    ons.push(await start(`metrics on #${i}`, true));
    offs.push(await start(`metrics off #${i}`, false));
  }
  const servers = [...ons, ...offs];
  const scrapeAll = () => ons.forEach((on) => void fetch(on.metricsUrl!).then((r) => r.text()));
  const scraper = setInterval(scrapeAll, SCRAPE_EVERY_S * 1000);
  try {
    for (const endpoint of ENDPOINTS) {
      for (const served of servers)
        await autocannon({ ...loadOptions(served, endpoint.path, big), duration: WARM_START_S });
      const ratios = {
        on: { rps: [] as number[], cpu: [] as number[] },
        control: { rps: [] as number[], cpu: [] as number[] },
      };
      for (let round = 0; round < ROUNDS; round++) {
        // Each server in each place of the order as often as the others.
        const order = servers.map((_, i) => servers[(i + round) % servers.length]);
        const driven = new Map<Served, Driven>();
        for (const served of order) driven.set(served, await drive(served, endpoint.path, big));
        const mean = (of: Served[], key: keyof Driven) =>
          of.reduce((sum, served) => sum + driven.get(served)![key], 0) / of.length;
        for (const [key, field] of [
          ['rps', 'rps'],
          ['cpu', 'cpuMsPerRequest'],
        ] as const) {
          ratios.on[key].push(mean(ons, field) / mean(offs, field));
          if (offs.length > 1) ratios.control[key].push(driven.get(offs[1])![field] / driven.get(offs[0])![field]);
        }
        console.log(
          `${endpoint.label} round ${round + 1}: ` +
            servers
              .map(
                (served) =>
                  `${served.name} ${driven.get(served)!.rps.toFixed(0)} req/s ${driven.get(served)!.cpuMsPerRequest.toFixed(3)} ms CPU`,
              )
              .join(', '),
        );
      }
      const control =
        offs.length > 1
          ? `; control/off req/s ${quartiles(ratios.control.rps)}, CPU per request ${quartiles(ratios.control.cpu)}`
          : '';
      console.log(
        `${endpoint.label}: on/off req/s ${quartiles(ratios.on.rps)}, CPU per request ${quartiles(ratios.on.cpu)}${control} (median [quartiles])`,
      );
    }

    const tokens = await vendorTokens(VENDORS);
    for (const token of tokens) {
      const headers = { authorization: `Bearer ${token}` };
      for (const path of [...ENDPOINTS.map((e) => e.path), '/rest-api-v1/general-leads/1']) {
        await fetch(ons[0].server.url + path, { headers }).then((r) => r.arrayBuffer());
      }
    }
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < SCRAPES; i++) {
      const started = performance.now();
      bytes = (await (await fetch(ons[0].metricsUrl!)).arrayBuffer()).byteLength;
      times.push(performance.now() - started);
    }
    ons[0].peakRssMb = Math.max(ons[0].peakRssMb, rssMb(ons[0].server.process.pid!));
    console.log(
      `scrape after ${tokens.length} vendors' traffic: p50 ${percentile(
        [...times].sort((a, b) => a - b),
        50,
      ).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms, ${(bytes / 1024).toFixed(1)} KB`,
    );
    const peaks = (of: Served[]) => of.map((served) => served.peakRssMb.toFixed(0)).join(', ');
    console.log(`peak RSS: metrics on ${peaks(ons)} MB, off ${peaks(offs)} MB`);
  } finally {
    clearInterval(scraper);
    await Promise.all(servers.map((served) => served.server.stop()));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
