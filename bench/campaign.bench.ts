// `npm run bench:campaign`: a vendor system sends a campaign of review requests (e-mail and SMS each)
// as fast as the API takes them, with an Idempotency-Key each, through one instance of the built
// service and then through two (each run on a fresh scratch `test_` database), while another vendor's
// system keeps reading its leads and KPIs. Prints, per run: requests accepted per second and their p99,
// messages delivered per second (e-mails counted by Message-ID at an SMTP server on loopback, texts by
// the provider stand-in), the time until the last message left, the reads' p99 during the campaign,
// how many messages arrived twice or never, and the CPU each accepted request with its two messages
// cost the instances, PostgreSQL and this process (its clients and receivers), with the machine's
// busy share; then two instances' delivery rate over one's. A `baseline` run sends the campaign to the
// write baseline (bench/baseline-review-request.ts) instead, and each run's CPU is then also given over
// the baseline's. A `split` run sends it to an instance without the outbox worker while a second
// instance delivers and takes no request: its CPU is given with the delivery instance's part of it.
//
// The spec's rate limit (250 requests per 5 minutes per vendor) would spread one vendor's 50,000
// requests over 200 windows: the runs raise RATE_LIMIT_MAX so that they measure the service, not the
// limit. BENCH_CAMPAIGN (default 50,000), BENCH_CLIENTS (concurrent requests, default 32),
// BENCH_READS_PER_S (default 20; 0: none), BENCH_INSTANCES (default "1,2"; "1,split,baseline") change the run;
// BENCH_RATE caps the requests offered a second (unset: as fast as the API takes them), and
// BENCH_PROVIDER_LATENCY_MS (default 0) is how long the SMTP sink and the SMS stand-in take to answer
// each message, as real providers do (50–300 ms). On a server that loads pg_stat_statements
// (TEST_DATABASE_URL) each run also lists its statements per request. BENCH_AGAINST (a git revision)
// builds that commit's sources too and measures each instance count through both builds, taking turns
// for BENCH_ROUNDS rounds (default 3), then gives this tree's CPU per request over the other's by round.
import { VariantServer, buildAt, removeBuild } from './campaign/source-build';
import { root } from '../test/support/built-app';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';
import { CountingSmsProvider, CountingSmtpSink, tally } from './campaign/counting-receivers';
import { campaignVendor } from './campaign/vendor-api';
import { statementCounter, statementTable } from './campaign/statement-counts';
import { type Instances, type Run, ratios } from './campaign/run-ratios';
import { campaign, reads } from './campaign/traffic';
import { type Target, startBaseline } from './baseline-process';
import { percentile } from './percentile';
import { waitUntil } from '../test/support/net';
import { commandCpuMs, cpuMs, machineCpuMs } from './process-cpu';

const CAMPAIGN = Number(process.env.BENCH_CAMPAIGN ?? 50_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const READS_PER_S = Number(process.env.BENCH_READS_PER_S ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? Infinity);
const PROVIDER_LATENCY_MS = Number(process.env.BENCH_PROVIDER_LATENCY_MS ?? 0);
/** Runs through 1, 2… instances, through an API instance and a delivery instance (`split`), or the write baseline. */
const RUNS: Instances[] = (process.env.BENCH_INSTANCES ?? '1,2')
  .split(',')
  .map((run) => run.trim())
  .map((run) => (run === 'baseline' || run === 'split' ? run : Number(run)));
const DELIVERY_TIMEOUT_MS = 30 * 60_000;
const AGAINST = process.env.BENCH_AGAINST;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (AGAINST ? 3 : 1));

/** NaN without samples (no reads). */
const p99 = (samples: number[]): number =>
  samples.length === 0
    ? NaN
    : percentile(
        [...samples].sort((a, b) => a - b),
        99,
      );

/** Without the outbox worker: takes requests, delivers nothing. */
const API_ONLY = { NOTIFY_WORKER_ENABLED: 'false' };

/**
 * Each instance's settings, the first the one set up through. `split`: the first takes every request
 * and delivers nothing, the second delivers and takes no request, so that each one's CPU is its part.
 */
function instanceSettings(instances: Instances, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv[] {
  if (instances === 'baseline') return [{ ...env, ...API_ONLY }];
  if (instances === 'split') return [{ ...env, ...API_ONLY }, env];
  return Array.from({ length: instances }, () => env);
}

/**
 * One run: the campaign through `instances` built instances, or through the write baseline (one instance
 * that delivers nothing sets the run up; no reads, no messages to wait for).
 */
async function measure(instances: Instances, round: number, against?: { ref: string; dir: string }): Promise<Run> {
  const baseline = instances === 'baseline';
  const database = `test_bench_campaign_${process.pid}_${instances}`;
  assertTestDatabase(database);
  await adminQuery(`CREATE DATABASE ${database}`);
  const sink = new CountingSmtpSink(PROVIDER_LATENCY_MS);
  const sms = new CountingSmsProvider(PROVIDER_LATENCY_MS);
  await Promise.all([sink.start(), sms.start()]);
  const env = {
    DATABASE_URL: databaseUrl(database),
    JWT_SECRET: 'campaign-bench-secret-campaign-bench-secret',
    SMTP_URL: sink.url,
    MAIL_FROM: 'Reviews <reviews@mail.example>',
    OPERATOR_NAME: 'Leads Co',
    SMS_API_BASE_URL: sms.baseUrl,
    SMS_ACCOUNT_SID: 'ACcampaign',
    SMS_AUTH_TOKEN: 'sms-auth-token',
    SMS_FROM: '+15005550006',
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
  };
  const servers = instanceSettings(instances, env).map((settings) => new VariantServer(against?.dir ?? root, settings));
  const delivering = instances === 'split' ? servers.slice(1) : [];
  let stopBaseline: (() => Promise<void>) | undefined;
  try {
    for (const server of servers) await server.start();
    const manager = servers[0].createAdmin();
    const sender = await campaignVendor(servers[0].url, manager, 'Campaign Renovations');
    const reader = await campaignVendor(servers[0].url, manager, 'Reading Roofing');
    const taking = servers.filter((server) => !delivering.includes(server));
    let targets: Target[] = taking.map((server) => ({ url: server.url, pid: server.pid }));
    if (baseline) {
      const { url, pid, stop } = await startBaseline(env);
      stopBaseline = stop;
      targets = [{ url, pid }];
    }
    const readsPerS = baseline ? 0 : READS_PER_S;

    let stopReads!: () => void;
    const stopped = new Promise<void>((resolve) => (stopReads = resolve));
    const before = reads(targets, reader, readsPerS, new Promise((resolve) => setTimeout(resolve, 5_000)));
    const readsBefore = await before;
    const counter = await statementCounter(env.DATABASE_URL);
    await counter?.reset();
    const during = reads(targets, reader, readsPerS, stopped);
    const cpuOf = (processes: { pid: number }[]) => processes.reduce((sum, { pid }) => sum + cpuMs(pid), 0);
    const serviceCpu = () => cpuOf(targets) + cpuOf(delivering);
    const benchCpu = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const cpuBefore = {
      service: serviceCpu(),
      delivery: cpuOf(delivering),
      postgres: commandCpuMs('postgres'),
      bench: benchCpu(),
    };
    const machineBefore = machineCpuMs();
    const started = performance.now();
    const sent = await campaign(targets, sender, { requests: CAMPAIGN, clients: CLIENTS, perSecond: RATE });
    const expected = CAMPAIGN - sent.refused;
    // Past the timeout the run reports what never arrived as lost.
    if (!baseline)
      await waitUntil(
        () =>
          Promise.resolve(
            new Set(sink.arrivals.map(({ key }) => key)).size >= expected && sms.arrivals.length >= expected,
          ),
        DELIVERY_TIMEOUT_MS,
      ).catch(() => undefined);
    const machine = machineCpuMs();
    const accepted = CAMPAIGN - sent.refused;
    const cpu = {
      service: (serviceCpu() - cpuBefore.service) / accepted,
      ...(delivering.length > 0 && { delivery: (cpuOf(delivering) - cpuBefore.delivery) / accepted }),
      postgres: (commandCpuMs('postgres') - cpuBefore.postgres) / accepted,
      bench: (benchCpu() - cpuBefore.bench) / accepted,
    };
    stopReads();
    const readsDuring = await during;
    // Repeats arriving after the last first copy would still count: give the workers a moment.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const statements = await counter?.perRequest(accepted);
    await counter?.close();
    const emails = tally(sink.arrivals);
    const texts = tally(sms.arrivals);
    const first = Math.min(emails.first, texts.first);
    const last = Math.max(emails.last, texts.last);
    return {
      instances,
      against: against?.ref,
      round,
      acceptedPerS: (CAMPAIGN - sent.refused) / sent.s,
      acceptP99: p99(sent.ms),
      refused: sent.refused,
      deliveredPerS: (emails.distinct + texts.distinct) / ((last - first) / 1000),
      lastLeftS: (last - started) / 1000,
      readsP99: p99(readsDuring),
      readsBeforeP99: p99(readsBefore),
      emails,
      texts,
      smtpConnections: sink.connections,
      cpu,
      machineBusy: (machine.busy - machineBefore.busy) / (machine.total - machineBefore.total),
      statements,
    };
  } finally {
    await stopBaseline?.();
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all([sink.stop(), sms.stop()]);
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

function report(run: Run): string {
  const delivery = run.cpu.delivery === undefined ? '' : ` (delivery ${run.cpu.delivery.toFixed(2)})`;
  const cpu = `${run.cpu.service.toFixed(2)}${delivery} / ${run.cpu.postgres.toFixed(2)} / ${run.cpu.bench.toFixed(2)}`;
  const accepted = `| ${run.instances}${run.against ? ` (${run.against})` : ''} | ${run.acceptedPerS.toFixed(0)} | ${run.acceptP99.toFixed(1)} | ${run.refused}`;
  const busy = `${(100 * run.machineBusy).toFixed(0)}% |`;
  if (run.instances === 'baseline') return [accepted, '- | - | - | - | - | - | -', cpu, busy].join(' | ');
  const twice = run.emails.total - run.emails.distinct + (run.texts.total - run.texts.distinct);
  const lost = CAMPAIGN - run.refused - run.emails.distinct + (CAMPAIGN - run.refused - run.texts.distinct);
  return [
    accepted,
    `${run.deliveredPerS.toFixed(0)} | ${run.lastLeftS.toFixed(1)} | ${run.readsBeforeP99.toFixed(1)} / ${run.readsP99.toFixed(1)}`,
    `${run.emails.distinct} / ${run.texts.distinct} | ${twice} | ${lost} | ${run.smtpConnections}`,
    cpu,
    busy,
  ].join(' | ');
}

async function main(): Promise<void> {
  const settings = { BENCH_CAMPAIGN: CAMPAIGN, BENCH_CLIENTS: CLIENTS, BENCH_RATE: RATE };
  for (const [name, value] of Object.entries(settings)) {
    if (!(value > 0)) throw new Error(`${name} must be a positive number, not ${value}.`);
  }
  for (const [name, value] of Object.entries({
    BENCH_READS_PER_S: READS_PER_S,
    BENCH_PROVIDER_LATENCY_MS: PROVIDER_LATENCY_MS,
  })) {
    if (!(value >= 0)) throw new Error(`${name} must be 0 or a positive number, not ${value}.`);
  }
  if (!(Number.isInteger(ROUNDS) && ROUNDS > 0))
    throw new Error(`BENCH_ROUNDS must be a positive integer, not ${ROUNDS}.`);
  const valid = (instances: Instances) =>
    typeof instances === 'string' || (Number.isInteger(instances) && instances > 0);
  if (!RUNS.every(valid)) {
    throw new Error(
      'BENCH_INSTANCES must be instance counts, `split` or `baseline` separated by commas, such as 1,2,split,baseline.',
    );
  }
  const offered = Number.isFinite(RATE) ? `at most ${RATE}/s offered` : 'as fast as taken';
  console.log(
    `${CAMPAIGN} review requests (e-mail + SMS), ${CLIENTS} concurrent clients, ${offered}, reads at ${READS_PER_S}/s, ` +
      `providers answering in ${PROVIDER_LATENCY_MS} ms, NOTIFY_CONCURRENCY ${process.env.NOTIFY_CONCURRENCY ?? 'default'}`,
  );
  console.log(
    '| Instances | Accepted/s | Accept p99 ms | Refused | Delivered msgs/s | Last left s | Reads p99 ms before / during | ' +
      'E-mails / texts | Twice | Lost | SMTP connections | CPU ms per request: service / PostgreSQL / bench | Machine busy |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const runs: Run[] = [];
  const against = AGAINST ? { ref: AGAINST, dir: buildAt(AGAINST) } : undefined;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const instances of RUNS) {
        // The two builds take turns, the order swapped each round; the baseline runs once a round.
        const builds = against && instances !== 'baseline' ? [against, undefined] : [undefined];
        for (const build of round % 2 ? builds.reverse() : builds) {
          const run = await measure(instances, round, build);
          runs.push(run);
          console.log(report(run));
        }
      }
    }
  } finally {
    if (against) removeBuild(against.dir);
  }
  for (const line of ratios(runs, AGAINST)) console.log(line);
  for (const run of runs.filter(({ round }) => round === 0)) {
    const of = `${run.instances} instance(s)${run.against ? ` of ${run.against}` : ''}`;
    if (run.statements) console.log(`\n${of}: ${statementTable(run.statements)}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
