// `npm run bench:consent`: what the consent ledger costs a campaign. The same sources are built twice:
// as they are (this tree's dist/), and in a copy without the ledger's part in a campaign (no basis
// stated on the request, no check when a message leaves: the keeper never registers). Each server runs
// on a scratch `test_` database its own build migrates, with an SMTP sink and an SMS stand-in of its
// own. Rounds alternate between them (the order swapped each round), each a campaign of review
// requests (e-mail and SMS each) from concurrent callers, and waits until that round's messages have
// all left, so no round pays for another's deliveries. Prints each round's accepted requests per
// second after a warm-up, each round's ratio and their median; then, on the ledger's database, how many index reads of
// `consents` each message cost and the check's plan (EXPLAIN ANALYZE).
//
// BENCH_CONSENT_REQUESTS (per round, default 1,500), BENCH_CONSENT_ROUNDS (per build, default 4) and
// BENCH_CLIENTS (concurrent requests, default 32) change the run. RATE_LIMIT_MAX is raised so that the
// runs measure the service, not the spec's limit.
import { Pool } from 'pg';
import { root } from '../test/support/built-app';
import { waitUntil } from '../test/support/net';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';
import { CONSENT_SQL } from '../src/consent/consents.sql';
import { queryConfig } from '../src/database/statement';
import { CountingSmsProvider, CountingSmtpSink, tally } from './campaign/counting-receivers';
import { VariantServer, buildVariant, removeBuild } from './campaign/source-build';
import { commandCpuMs, cpuMs } from './process-cpu';
import { median } from './percentile';
import { campaignVendor, customer, sendCampaign } from './campaign/vendor-api';

const REQUESTS = Number(process.env.BENCH_CONSENT_REQUESTS ?? 1_500);
const ROUNDS = Number(process.env.BENCH_CONSENT_ROUNDS ?? 4);
/** Requests each build takes first, not measured: its code compiled, its pools and caches filled. */
const WARM_UP = 300;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const DELIVERY_TIMEOUT_MS = 5 * 60_000;

/** The ledger's part in a campaign, taken out of the copy: the request states nothing, messages are not checked. */
const WITHOUT_LEDGER = [
  {
    file: 'src/consent/consent.service.ts',
    find: `    const now = this.clock.now();\n    const basis = stated?.basis ?? 'PURCHASE';`,
    replace: `    if (vendorId) return null;\n    const now = this.clock.now();\n    const basis = stated?.basis ?? 'PURCHASE';`,
  },
  { file: 'src/consent/consent-keeper.ts', find: `    this.sending.register(this);\n`, replace: '' },
];

interface Variant {
  name: string;
  server: VariantServer;
  database: string;
  sink: CountingSmtpSink;
  sms: CountingSmsProvider;
  token: string;
  sent: number;
  rates: number[];
  /** CPU ms per accepted request of each round, its messages' deliveries included: the server's, PostgreSQL's. */
  cpu: { server: number; postgres: number }[];
}

async function startVariant(name: string, dir: string): Promise<Variant> {
  const database = `test_bench_consent_${process.pid}_${name}`;
  assertTestDatabase(database);
  await adminQuery(`CREATE DATABASE ${database}`);
  const sink = new CountingSmtpSink();
  const sms = new CountingSmsProvider();
  await Promise.all([sink.start(), sms.start()]);
  const server = new VariantServer(dir, {
    DATABASE_URL: databaseUrl(database),
    JWT_SECRET: 'consent-bench-secret-consent-bench-secret',
    SMTP_URL: sink.url,
    MAIL_FROM: 'Reviews <reviews@mail.example>',
    OPERATOR_NAME: 'Leads Co',
    SMS_API_BASE_URL: sms.baseUrl,
    SMS_ACCOUNT_SID: 'ACconsent',
    SMS_AUTH_TOKEN: 'sms-auth-token',
    SMS_FROM: '+15005550006',
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
  });
  await server.start();
  const token = await campaignVendor(server.url, server.createAdmin(), 'Campaign Renovations');
  return { name, server, database, sink, sms, token, sent: 0, rates: [], cpu: [] };
}

/**
 * One round: REQUESTS new customers, then every message of theirs left. Its CPU is the server's and
 * every PostgreSQL process's (the other build's are idle meanwhile), per accepted request.
 */
async function round(variant: Variant, offset: number, requests = REQUESTS): Promise<number> {
  const before = { server: cpuMs(variant.server.pid), postgres: commandCpuMs('postgres') };
  const { accepted, s } = await sendCampaign(
    variant.server.url,
    variant.token,
    { from: offset, to: offset + requests },
    CLIENTS,
  );
  variant.sent += accepted;
  await waitUntil(
    () =>
      Promise.resolve(
        tally(variant.sink.arrivals).distinct >= variant.sent && tally(variant.sms.arrivals).distinct >= variant.sent,
      ),
    DELIVERY_TIMEOUT_MS,
  );
  variant.cpu.push({
    server: (cpuMs(variant.server.pid) - before.server) / accepted,
    postgres: (commandCpuMs('postgres') - before.postgres) / accepted,
  });
  return accepted / s;
}

/** Index reads of `consents` per message left, and the check's plan for one customer of the campaign. */
async function checkCost(variant: Variant): Promise<string[]> {
  const pool = new Pool({ connectionString: databaseUrl(variant.database), max: 1 });
  try {
    // An idle connection reports its statistics within PostgreSQL's 10 s idle interval.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const [reads] = (
      await pool.query<{ scans: string }>(
        `SELECT idx_scan AS scans FROM pg_stat_user_indexes WHERE indexrelname = 'idx_consents_contact'`,
      )
    ).rows;
    const [{ vendorId }] = (await pool.query<{ vendorId: number }>(`SELECT max(vendor_id) AS "vendorId" FROM consents`))
      .rows;
    const check = queryConfig(CONSENT_SQL.linesOf.bind({ vendorIds: [vendorId], contacts: [customer(0).emailTo] }));
    const plan = await pool.query<{ 'QUERY PLAN': string }>({
      text: `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) ${check.text}`,
      values: check.values,
    });
    const messages = 2 * variant.sent;
    return [
      `idx_consents_contact reads: ${reads.scans} for ${variant.sent} requests and ${messages} messages ` +
        `(${(Number(reads.scans) / messages).toFixed(2)} per message; the messages claimed together share one read)`,
      ...plan.rows.map((row) => `    ${row['QUERY PLAN']}`),
    ];
  } finally {
    await pool.end();
  }
}

async function stopVariant(variant: Variant): Promise<void> {
  await variant.server.stop();
  await Promise.all([variant.sink.stop(), variant.sms.stop()]);
  await adminQuery(`DROP DATABASE IF EXISTS ${variant.database} WITH (FORCE)`);
}

async function main(): Promise<void> {
  for (const [name, value] of Object.entries({ REQUESTS, ROUNDS, CLIENTS }))
    if (!(Number.isInteger(value) && value > 0)) throw new Error(`BENCH ${name} must be a positive integer.`);
  const withoutDir = buildVariant(WITHOUT_LEDGER);
  const variants: Variant[] = [];
  try {
    variants.push(await startVariant('ledger', root), await startVariant('noledger', withoutDir));
    const [ledger, none] = variants;
    for (const variant of variants) await round(variant, 0, WARM_UP);
    console.log(
      `${ROUNDS} rounds of ${REQUESTS} review requests (e-mail + SMS) per build, ${CLIENTS} concurrent clients`,
    );
    console.log(
      '| Round | Accepted/s with the ledger | without | ratio | CPU ms per request, server + PostgreSQL: with | without |',
    );
    console.log('|---|--:|--:|--:|--:|--:|');
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? [ledger, none] : [none, ledger];
      for (const variant of order) {
        const rate = await round(variant, WARM_UP + r * REQUESTS);
        variant.rates.push(rate);
      }
      const [withLedger, without] = [ledger.rates[r], none.rates[r]];
      const cpu = (variant: Variant) =>
        `${variant.cpu.at(-1)!.server.toFixed(2)} + ${variant.cpu.at(-1)!.postgres.toFixed(2)}`;
      console.log(
        `| ${r + 1} | ${withLedger.toFixed(0)} | ${without.toFixed(0)} | ${(withLedger / without).toFixed(3)} | ` +
          `${cpu(ledger)} | ${cpu(none)} |`,
      );
    }
    const ratios = ledger.rates.map((rate, r) => rate / none.rates[r]);
    console.log(
      `accepted/s, medians: with the ledger ${median(ledger.rates).toFixed(0)}, without ${median(none.rates).toFixed(0)}; ` +
        `median of the rounds' ratios ${median(ratios).toFixed(3)}`,
    );
    // The warm-up's CPU (the first entry) left out.
    const cpuMedian = (variant: Variant) =>
      (['server', 'postgres'] as const)
        .map((part) => `${part} ${median(variant.cpu.slice(1).map((cpu) => cpu[part])).toFixed(2)}`)
        .join(', ');
    console.log(`CPU ms per request, medians: with the ledger ${cpuMedian(ledger)}; without ${cpuMedian(none)}`);
    for (const line of await checkCost(ledger)) console.log(line);
  } finally {
    for (const variant of variants) await stopVariant(variant);
    removeBuild(withoutDir);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
