// `npm run bench:customer-data`: a person's export and erasure on the load data set (`npm run
// seed:load`, seeded first when missing), and the retention pass over 1,000,000 leads.
// Export and erasure: each round plants a person with two leads under each of three vendors (assigned
// through the service, so with their events), then times CustomerDataService.export and .erase of
// that contact in this process; p50/p99 over the rounds. The erased leads stay in the load database,
// under three of its search vendors.
// Retention: a scratch `test_` database gets 1,000 vendors with 1,000 leads each in the load set's
// states, the clock is moved a year on with RETENTION_CLOSED_LEADS_DAYS=30, and one pass is timed;
// it prints the counts and the most rows one of its transactions changed.
import { Clock } from '../src/common/time/clock';
import { CustomerDataService } from '../src/customer-data/customer-data.service';
import { RetentionPass } from '../src/customer-data/retention-pass';
import { FINAL_POST_LEAD_STATUSES } from '../src/leads/entities/lead.entity';
import { seedLeads, seedVendors } from '../scripts/lead-seed';
import { loadDatabaseReady, loadDatabaseUrl, seedLoadDatabase } from '../scripts/seed-load';
import { createLead } from '../test/support/factories';
import { createTestApp } from '../test/support/test-app';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';
import { percentile } from './percentile';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const RETENTION_VENDORS = 1_000;
const LEADS_PER_VENDOR = 1_000;
const DATABASE = `test_bench_retention_${process.pid}`;
const SETTINGS = { NOTIFY_WORKER_ENABLED: 'false', WEBHOOK_WORKER_ENABLED: 'false', LOG_LEVEL: 'warn' };

const summary = (label: string, samples: number[]): string => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${label.padEnd(8)} p50 ${percentile(sorted, 50).toFixed(1)} ms   p99 ${percentile(sorted, 99).toFixed(1)} ms   (${samples.length} rounds)`;
};
const timed = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
  const started = process.hrtime.bigint();
  const result = await work();
  return [Number(process.hrtime.bigint() - started) / 1e6, result];
};

async function exportAndErase(): Promise<void> {
  if (!(await loadDatabaseReady())) await seedLoadDatabase();
  Object.assign(process.env, { DATABASE_URL: loadDatabaseUrl(), ...SETTINGS });
  const t = await createTestApp();
  try {
    // Vendors of the search set: bench:http reads the leads of the first ones, which stay as seeded.
    const vendorIds = (
      await t.dataSource.query<{ id: number }[]>('SELECT id FROM vendors ORDER BY id DESC LIMIT 3')
    ).map((row) => row.id);
    const customerData = t.app.get(CustomerDataService);
    const exports: number[] = [];
    const erasures: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const tag = `${process.pid}r${round}`;
      const contact = {
        email: `bench.${tag}@customer.example`,
        phone: `647-${String(round % 1000).padStart(3, '0')}-${String(process.pid % 10_000).padStart(4, '0')}`,
      };
      for (const vendorId of vendorIds)
        for (let i = 0; i < 2; i++)
          await createLead(t.app, vendorId, {
            customerName: `Bench ${tag}`,
            customerEmail: contact.email,
            customerPhone: contact.phone,
          });
      const [exportMs, records] = await timed(() => customerData.export(contact, true));
      if (records.leads.length !== 2 * vendorIds.length) throw new Error(`export found ${records.leads.length} leads`);
      const [eraseMs, counts] = await timed(() => customerData.erase(contact, true));
      if (counts.leads !== 2 * vendorIds.length) throw new Error(`erasure erased ${counts.leads} leads`);
      exports.push(exportMs);
      erasures.push(eraseMs);
    }
    console.log(`a contact with 2 leads under each of ${vendorIds.length} vendors, on the load data set:`);
    console.log(summary('export', exports));
    console.log(summary('erase', erasures));
  } finally {
    await t.close();
  }
}

async function retention(): Promise<void> {
  assertTestDatabase(DATABASE);
  await adminQuery(`CREATE DATABASE ${DATABASE}`);
  // The seeding is one statement of a million rows: longer than the service's statement timeout.
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl(DATABASE),
    RETENTION_CLOSED_LEADS_DAYS: '30',
    DATABASE_STATEMENT_TIMEOUT_MS: '600000',
    ...SETTINGS,
  });
  const t = await createTestApp();
  try {
    const [seedMs] = await timed(async () => {
      await seedLeads(t.dataSource, await seedVendors(t.dataSource, RETENTION_VENDORS), LEADS_PER_VENDOR);
      await t.dataSource.query('VACUUM (ANALYZE) leads');
    });
    const [{ leads, closed }] = await t.dataSource.query<{ leads: number; closed: number }[]>(
      `SELECT count(*)::int AS leads,
              count(*) FILTER (WHERE vendor_lead_action IN ('DECLINE', 'EXPIRED')
                               OR post_lead_status = ANY($1::post_lead_status[]))::int AS closed FROM leads`,
      [FINAL_POST_LEAD_STATUSES],
    );
    console.log(`seeded ${leads} leads (${closed} closed) in ${(seedMs / 1000).toFixed(1)} s`);
    const clock = t.app.get(Clock);
    const yearOn = new Date(Date.now() + 365 * 86_400_000);
    clock.now = () => yearOn;
    const [passMs, counts] = await timed(() => t.app.get(RetentionPass).run());
    console.log(`retention pass: ${(passMs / 1000).toFixed(1)} s, ${JSON.stringify(counts)}`);
  } finally {
    await t.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}

async function main(): Promise<void> {
  // One app at a time: @Transactional() (the erasure) uses the last app started in the process.
  await exportAndErase();
  await retention();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
