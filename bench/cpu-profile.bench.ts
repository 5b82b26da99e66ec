// `npm run bench:profile`: where the built service spends its CPU on one endpoint under load. Starts the
// service as its start command runs it (info logs, the rate limiter in memory) on the load data set with
// V8's CPU profiler on, drives BENCH_PATH (default the filter counts) as vendor #1 with autocannon
// (BENCH_CONNECTIONS, default 20) for 2 s of warm-up and BENCH_DURATION seconds (default 12), stops it
// (the profile is written as it exits) and prints the busy time by package and the functions with the
// most self time, counting only the measured seconds. LOAD_SCALE picks the data set (seeded first when missing).
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDatabaseReady, loadDatabaseUrl, loadScale, seedLoadDatabase } from '../scripts/seed-load';
import { BuiltServer } from '../test/support/built-server';
import { BENCH_JWT_SECRET, benchTokens } from './http/tokens';

const PATH = process.env.BENCH_PATH ?? '/rest-api-v1/general-leads/filter-counts';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 12);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SHOWN = 25;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The package a frame's script belongs to: a node_modules package, the service's own code, Node, or V8. */
function packageOf({ url, functionName }: ProfileNode['callFrame']): string {
  const inModules = url.split('node_modules/')[1];
  if (inModules)
    return inModules
      .split('/')
      .slice(0, inModules.startsWith('@') ? 2 : 1)
      .join('/');
  if (url.includes('/dist/')) return 'the service';
  if (url.startsWith('node:')) return 'node';
  return `(${functionName || 'native'})`;
}

/** Self time of the samples in the last `seconds` of the profile, by package and by function. */
function busyTime(profile: CpuProfile, seconds: number) {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const from = profile.endTime - seconds * 1e6;
  let at = profile.startTime;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    const frame = frames.get(id)!;
    if (at < from || frame.functionName === '(idle)') return;
    busy += 1;
    const pkg = packageOf(frame);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
    const name = `${pkg} ${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
  });
  const share = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, SHOWN)
      .map(([name, samples]) => `| ${name} | ${((100 * samples) / busy).toFixed(1)}% |`);
  return { busy, byPackage: share(byPackage), byFunction: share(byFunction) };
}

async function main(): Promise<void> {
  const scale = loadScale();
  if (!(await loadDatabaseReady(scale))) await seedLoadDatabase(scale);
  const profiles = mkdtempSync(join(tmpdir(), 'cpu-profile-'));
  const server = new BuiltServer({
    env: {
      DATABASE_URL: loadDatabaseUrl(scale),
      JWT_SECRET: BENCH_JWT_SECRET,
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_WINDOW_MS: '1000',
      NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profiles}`,
    },
  });
  try {
    await server.start();
    const { big } = await benchTokens(loadDatabaseUrl(scale));
    const options = {
      url: `${server.url}${PATH}`,
      connections: CONNECTIONS,
      headers: { authorization: `Bearer ${big}` },
    };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration: DURATION_S });
    if (result.non2xx + result.errors > 0) throw new Error(`${result.non2xx + result.errors} requests failed`);
    await server.stop();
    const [file] = readdirSync(profiles);
    const { busy, byPackage, byFunction } = busyTime(
      JSON.parse(readFileSync(join(profiles, file), 'utf8')) as CpuProfile,
      DURATION_S,
    );
    console.log(
      `GET ${PATH} at scale ${scale}: ${result.requests.average} req/s, p99 ${result.latency.p99} ms, ${CONNECTIONS} connections, ${DURATION_S} s; ${busy} busy samples`,
    );
    console.log('\n| Package | Share of the busy time |\n|---|--:|');
    console.log(byPackage.join('\n'));
    console.log('\n| Function (package, script:line) | Self time |\n|---|--:|');
    console.log(byFunction.join('\n'));
  } finally {
    await server.stop();
    rmSync(profiles, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
