// `npm run explain:leads`: the plans of the lead list and counts for a vendor with 100,000 leads
// among others' leads, on a scratch database (test_explain_leads_*) that is dropped afterwards.
import type { DataSource } from 'typeorm';
import { LeadFilter } from '../src/leads/entities/lead.entity';
import { PgPool } from '../src/database/pg-pool';
import { Sql } from '../src/database/sql';
import type { Statement } from '../src/database/statement';
import { LeadsRepository } from '../src/leads/leads.repository';
import { Clock } from '../src/common/time/clock';
import { filterCountsStatement, leadListStatement } from '../src/leads/leads.sql';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';
import { seedLeads, seedVendors } from './lead-seed';
import { scriptDataSource } from './script-data-source';

const LARGE_VENDOR_LEADS = 100_000;
const OTHER_VENDORS = 50;
const LEADS_PER_OTHER_VENDOR = 4_000;
const PAGE_SIZE = 10;

/** Prints the plan; answers a one-line summary (execution time, and whether leads was scanned whole). */
async function explain(dataSource: DataSource, title: string, { sql, parameters }: Statement): Promise<string> {
  const rows: { 'QUERY PLAN': string }[] = await dataSource.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, parameters);
  const plan = rows.map((row) => row['QUERY PLAN']);
  const seqScan = plan.some((line) => line.includes('Seq Scan on leads'));
  const time = plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '');
  console.log(`\n=== ${title}\n${plan.join('\n')}`);
  return `${title.padEnd(50)} ${time?.padStart(12)}   ${seqScan ? 'SEQ SCAN ON leads' : 'indexes only'}`;
}

async function main(): Promise<void> {
  const name = `test_explain_leads_${process.pid}`;
  assertTestDatabase(name);
  await adminQuery(`CREATE DATABASE ${name}`);
  const pgPool = new PgPool();
  const dataSource = scriptDataSource(databaseUrl(name), 2, pgPool);
  try {
    await dataSource.initialize();
    await dataSource.runMigrations();

    const started = Date.now();
    const [large, ...others] = await seedVendors(dataSource, 1 + OTHER_VENDORS);
    await seedLeads(dataSource, [large], LARGE_VENDOR_LEADS);
    await seedLeads(dataSource, others, LEADS_PER_OTHER_VENDOR);
    await dataSource.query('VACUUM (ANALYZE) leads');
    const total = OTHER_VENDORS * LEADS_PER_OTHER_VENDOR + LARGE_VENDOR_LEADS;
    console.log(`Seeded ${total} leads (vendor ${large}: ${LARGE_VENDOR_LEADS}) in ${Date.now() - started} ms`);

    const timing = { expiryHours: 72, statusReminderDays: 7 };
    const repository = new LeadsRepository(new Sql(pgPool), timing, new Clock());
    const counts = await repository.filterCounts(large);
    // Number(): this bare DataSource leaves int8 as strings (the app's DatabaseModule parses them).
    const totals: Record<LeadFilter, number> = {
      [LeadFilter.All]: Number(counts.allLeadsCount),
      [LeadFilter.Accepted]: Number(counts.acceptedLeadsCount),
      [LeadFilter.RequiresAttention]: Number(counts.requiresAttentionLeadsCount),
    };
    console.log('Leads per filter:', totals);
    const summary: string[] = [];
    for (const filter of Object.values(LeadFilter)) {
      const lastPage = Math.max(0, Math.ceil(totals[filter] / PAGE_SIZE) - 1);
      for (const page of [0, lastPage]) {
        const statement = leadListStatement(timing, new Date(), large, filter, { page, size: PAGE_SIZE });
        summary.push(await explain(dataSource, `list filter=${filter} page=${page} size=${PAGE_SIZE}`, statement));
      }
    }
    summary.push(await explain(dataSource, 'filter counts', filterCountsStatement(timing, new Date(), large)));
    console.log(`\n=== Summary\n${summary.join('\n')}`);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
