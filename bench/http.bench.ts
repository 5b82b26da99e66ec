// `npm run bench:http`: the hot read endpoints under load, against the load data set (`npm run seed:load`,
// run first by this script when the load database is missing). For each endpoint, autocannon (in this
// process, 20 connections) drives in turn:
//   - the built service as its start command runs it (environment, Node flags): info logs, rate limiter in memory;
//   - the baseline (bench/baseline-server.ts): node:http + pg, the same SQL and the same token check;
//   - the service again with REDIS_URL set, the rate limiter counting in Redis.
// The servers run side by side and take turns on each endpoint.
// It prints requests/s, p50/p99 latency and each server's peak RSS, and the service's throughput as a
// ratio of the baseline's, each server's Node CPU per request and its idle RSS. BENCH_DURATION (s, default 10) and
// BENCH_CONNECTIONS (default 20) tune it, BENCH_ROUNDS (default 1) repeats each endpoint with the servers' order
// turned and reports the median round and each round's ratio (after BENCH_WARM_START s, default 10, of each
// endpoint on each server, unmeasured); BENCH_ONLY (comma-separated parts of endpoint labels, e.g. "page 0,kpi")
// runs a subset, BENCH_REDIS=0 leaves the Redis server out. BENCH_SCALES (default LOAD_SCALE, e.g. "1,10") runs
// the servers on the load data set of each scale at once (seeded first when missing), all taking turns, and
// prints each endpoint's ratio and p99 at each scale beside the first's.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import {
  type LoadSet,
  loadDatabaseReady,
  loadDatabaseUrl,
  loadScale,
  loadSet,
  seedLoadDatabase,
} from '../scripts/seed-load';
import { BuiltServer } from '../test/support/built-server';
import { type Measurement, type Results, printGrowth, printScale } from './http/report';
import { type BenchAccount, BENCH_JWT_SECRET, benchTokens } from './http/tokens';
import { startBaseline } from './baseline-process';
import { cpuMs } from './process-cpu';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_S = 2;
// Before the first measured round, each server answers every selected endpoint this long: V8 is still
// compiling the service's code for a good while after its start, the bare baseline's much sooner.
const WARM_START_S = Number(process.env.BENCH_WARM_START ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const JWT_SECRET = BENCH_JWT_SECRET;
const ONLY = process.env.BENCH_ONLY?.split(',').map((part) => part.trim()) ?? [];
const WITH_REDIS = process.env.BENCH_REDIS !== '0';
// Rounds per endpoint, the servers' order turned each round; figures are each server's median round.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const SCALES = (process.env.BENCH_SCALES ?? String(loadScale())).split(',').map((value) => loadScale(value.trim()));

interface Endpoint {
  label: string;
  path: string;
  /** big: vendor #1 (100,000 leads, 20,000 reputation processes at scale 1); typical: vendor #2 (901 and 180). */
  token: BenchAccount;
}

/** The endpoints on a data set: the deep page is 90% into the big vendor's leads at every scale. */
const endpointsOf = (load: LoadSet): Endpoint[] => {
  const deepPage = (load.bigVendorLeads * 0.9) / 10;
  const processes = load.bigVendorProcesses.toLocaleString('en');
  return [
    { label: 'GET /general-leads (page 0)', path: '/rest-api-v1/general-leads?page=0&size=10', token: 'big' },
    {
      label: `GET /general-leads (page ${deepPage})`,
      path: `/rest-api-v1/general-leads?page=${deepPage}&size=10`,
      token: 'big',
    },
    { label: 'GET /general-leads/filter-counts', path: '/rest-api-v1/general-leads/filter-counts', token: 'big' },
    {
      label: 'GET /general-leads/filter-counts (vendor #2)',
      path: '/rest-api-v1/general-leads/filter-counts',
      token: 'typical',
    },
    {
      label: 'GET /general-leads/response-times (90 days)',
      path: '/rest-api-v1/general-leads/response-times',
      token: 'big',
    },
    {
      label: `GET /reputation-process/kpi (${processes} processes)`,
      path: '/rest-api-v1/reputation-process/kpi',
      token: 'big',
    },
    {
      label: `GET /reputation-process/kpi (${load.processesPerOtherVendor} processes)`,
      path: '/rest-api-v1/reputation-process/kpi',
      token: 'typical',
    },
    {
      label: 'GET /vendors?search=northern roofing',
      path: '/rest-manager-api-v1/vendors?search=northern%20roofing&page=0&size=10',
      token: 'manager',
    },
  ];
};

interface Target {
  name: string;
  scale: number;
  url: string;
  pid: number;
  stop(): Promise<unknown>;
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The largest VmRSS of the process seen while `work` runs, sampled every 50 ms. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakRssMb: number }> {
  const rss = () => rssMb(pid);
  let peak = rss();
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 50);
  try {
    const result = await work();
    return { result, peakRssMb: Math.max(peak, rss()) };
  } finally {
    clearInterval(timer);
  }
}

const loadOptions = (target: Target, endpoint: Endpoint, token: string) => ({
  url: target.url + endpoint.path,
  connections: CONNECTIONS,
  headers: { authorization: `Bearer ${token}` },
});

async function drive(target: Target, endpoint: Endpoint, token: string): Promise<Measurement> {
  const options = loadOptions(target, endpoint, token);
  await autocannon({ ...options, duration: WARM_UP_S });
  const cpuBefore = cpuMs(target.pid);
  const { result, peakRssMb } = await withPeakRss(target.pid, () => autocannon({ ...options, duration: DURATION_S }));
  const cpuMsPerRequest = (cpuMs(target.pid) - cpuBefore) / result.requests.total;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(`${target.name} ${endpoint.label}: ${failed} of ${result.requests.total} requests failed`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, peakRssMb, cpuMsPerRequest };
}

async function startService(name: string, scale: number, env: NodeJS.ProcessEnv): Promise<Target> {
  const server = new BuiltServer({
    env: {
      DATABASE_URL: loadDatabaseUrl(scale),
      JWT_SECRET,
      LOG_LEVEL: 'info', // as deployed: one log line per request (to /dev/null here)
      // Counting every request, refusing none: a budget no benchmark reaches in its one-second window.
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_WINDOW_MS: '1000',
      ...env,
    },
  });
  await server.start();
  return { name, scale, url: server.url, pid: server.process.pid!, stop: () => server.stop() };
}

async function baselineOn(scale: number): Promise<Target> {
  const baseline = await startBaseline({ DATABASE_URL: loadDatabaseUrl(scale), JWT_SECRET });
  return { name: 'baseline', scale, ...baseline };
}

const tokens = (scale: number): Promise<Record<Endpoint['token'], string>> => benchTokens(loadDatabaseUrl(scale));

async function main(): Promise<void> {
  const results: Results = new Map();
  const idleRssMb: Record<string, number> = {};
  const selected = (load: LoadSet) =>
    endpointsOf(load).filter(({ label }) => !ONLY.length || ONLY.some((part) => label.includes(part)));

  // All run from the start and take turns per endpoint, so that a drift of the machine over the
  // run (autovacuum, a noisy neighbour) does not fall on one server's figures only.
  const targets: Target[] = [];
  const tokenOf = new Map<number, Record<Endpoint['token'], string>>();
  try {
    for (const scale of SCALES) {
      if (!(await loadDatabaseReady(scale))) await seedLoadDatabase(scale);
      tokenOf.set(scale, await tokens(scale));
      targets.push(await startService('service', scale, {}));
      targets.push(await baselineOn(scale));
      if (WITH_REDIS)
        targets.push(await startService('service + Redis', scale, { REDIS_URL: 'redis://127.0.0.1:6379' }));
      results.set(scale, new Map());
    }
    // Idle: started, its first requests (readiness) answered, before any load.
    for (const target of targets) idleRssMb[`${target.name} (scale ${target.scale})`] = rssMb(target.pid);
    for (const target of targets)
      for (const endpoint of selected(loadSet(target.scale)))
        await autocannon({
          ...loadOptions(target, endpoint, tokenOf.get(target.scale)![endpoint.token]),
          duration: WARM_START_S,
        });
    for (let e = 0; e < selected(loadSet(SCALES[0])).length; e++) {
      for (let round = 0; round < ROUNDS; round++) {
        for (const target of round % 2 ? [...targets].reverse() : targets) {
          const endpoint = selected(loadSet(target.scale))[e];
          const by = results.get(target.scale)!;
          if (!by.has(endpoint.label)) by.set(endpoint.label, {});
          const measurement = await drive(target, endpoint, tokenOf.get(target.scale)![endpoint.token]);
          (by.get(endpoint.label)![target.name] ??= []).push(measurement);
          console.error(
            `${target.name.padEnd(18)} x${target.scale} ${endpoint.label.padEnd(48)} ${measurement.rps.toFixed(0)} req/s`,
          );
        }
      }
    }
  } finally {
    await Promise.all(targets.map((target) => target.stop()));
  }

  console.log(
    `\n${CONNECTIONS} connections, ${ROUNDS} × ${DURATION_S} s per endpoint and server; ${cpus().length} × ${cpus()[0].model}, ` +
      `${(totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}`,
  );
  for (const [scale, byEndpoint] of results) printScale(scale, byEndpoint);
  if (SCALES.length > 1) printGrowth(results);
  const idle = Object.entries(idleRssMb).map(([name, mb]) => `${name} ${mb.toFixed(0)} MB`);
  console.log(`\nIdle RSS (started, before any load): ${idle.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
