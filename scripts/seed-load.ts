// `npm run seed:load`: fills the load database (test_load on the machine's PostgreSQL, or
// LOAD_DATABASE_NAME) with the data set the HTTP benchmark runs against, reproducibly: the database
// is dropped and created again, every row comes from INSERT ... SELECT generate_series statements
// with fixed pseudo-random draws, so two runs hold the same data (timestamps count back from now).
//
//   - 1,000 vendors with every feature enabled; vendor #1 holds 100,000 leads and 20,000 reputation
//     processes, each other vendor 901 leads and 180 processes (1,000,099 leads, 199,820 processes
//     with their requests, referrals, outbox rows and events);
//   - 100,000 more vendors with trade-like names, for the manager's vendor search;
//   - one ADMIN manager; every account holds an active token id (the benchmark signs tokens for them).
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';
import { seedLeads, seedVendors } from './lead-seed';
import { resetReputationSequences, seedReputation } from './reputation-seed';
import { scriptDataSource } from './script-data-source';

export const LOAD = {
  vendors: 1_000,
  bigVendorLeads: 100_000,
  leadsPerOtherVendor: 901,
  bigVendorProcesses: 20_000,
  processesPerOtherVendor: 180,
  searchVendors: 100_000,
} as const;

export const LOAD_DATABASE_NAME = process.env.LOAD_DATABASE_NAME ?? 'test_load';

export function loadDatabaseUrl(): string {
  return databaseUrl(LOAD_DATABASE_NAME);
}

/** Whole trade-like names ("Northern Roofing Ltd"), spread evenly over 12 x 20 x 8 combinations. */
async function seedSearchVendors(dataSource: DataSource, count: number): Promise<void> {
  await dataSource.query(
    `INSERT INTO vendors (vendor_name, email, city_name, province_name, package_type)
     SELECT prefix || ' ' || trade || ' ' || suffix, 'search' || n || '@load.example', city, 'Ontario', n % 3
       FROM generate_series(1, $1) AS n,
            LATERAL (SELECT
              (ARRAY['Northern', 'Maple', 'Summit', 'Lakeside', 'Heritage', 'Pioneer', 'Golden', 'Royal', 'Evergreen',
                     'Cornerstone', 'Bluewater', 'Precision'])[1 + n % 12] AS prefix,
              (ARRAY['Roofing', 'Plumbing', 'Electric', 'Renovations', 'Flooring', 'Painting', 'Landscaping', 'Windows',
                     'Kitchens', 'Basements', 'Decks', 'Masonry', 'HVAC', 'Drywall', 'Siding', 'Insulation', 'Fencing',
                     'Paving', 'Carpentry', 'Bathrooms'])[1 + (n / 12) % 20] AS trade,
              (ARRAY['Ltd', 'Inc', 'Co', '& Sons', 'Group', 'Contracting', 'Services', 'Pros'])[1 + (n / 240) % 8] AS suffix,
              (ARRAY['Toronto', 'Ottawa', 'Hamilton', 'London', 'Kingston', 'Barrie'])[1 + n % 6] AS city
            ) AS name`,
    [count],
  );
}

/** Whether the load database exists with the whole data set (its vendors all there). */
export async function loadDatabaseReady(): Promise<boolean> {
  const client = new Client({ connectionString: loadDatabaseUrl() });
  try {
    await client.connect();
    const { rows } = await client.query<{ vendors: number }>('SELECT count(*)::int AS vendors FROM vendors');
    return rows[0].vendors === LOAD.vendors + LOAD.searchVendors;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function seedLoadDatabase(): Promise<void> {
  assertTestDatabase(LOAD_DATABASE_NAME);
  await adminQuery(`DROP DATABASE IF EXISTS ${LOAD_DATABASE_NAME} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${LOAD_DATABASE_NAME}`);
  const dataSource = scriptDataSource(loadDatabaseUrl());
  await dataSource.initialize();
  try {
    await dataSource.runMigrations();
    const step = async (label: string, work: () => Promise<unknown>) => {
      const started = Date.now();
      await work();
      console.log(`${label.padEnd(52)} ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`);
    };
    const started = Date.now();
    let vendorIds: number[] = [];
    await step(`${LOAD.vendors} vendors`, async () => (vendorIds = await seedVendors(dataSource, LOAD.vendors)));
    const [big, ...others] = vendorIds;
    await step(`${LOAD.bigVendorLeads} leads of vendor ${big}`, () =>
      seedLeads(dataSource, [big], LOAD.bigVendorLeads),
    );
    await step(`${LOAD.leadsPerOtherVendor} leads of each other vendor`, () =>
      seedLeads(dataSource, others, LOAD.leadsPerOtherVendor),
    );
    await step(`${LOAD.bigVendorProcesses} reputation processes of vendor ${big}`, () =>
      seedReputation(dataSource, [big], LOAD.bigVendorProcesses, 0),
    );
    await step(`${LOAD.processesPerOtherVendor} reputation processes of each other vendor`, () =>
      seedReputation(dataSource, others, LOAD.processesPerOtherVendor, LOAD.bigVendorProcesses),
    );
    await step(`${LOAD.searchVendors} vendors for search`, () => seedSearchVendors(dataSource, LOAD.searchVendors));
    await step('accounts: features, token ids, one ADMIN manager', async () => {
      await resetReputationSequences(dataSource);
      await dataSource.query(
        `UPDATE vendors SET active_token_id = gen_random_uuid(), enable_full_rms = true,
                enable_standalone_feedback_booster = true, enable_standalone_review_booster = true
          WHERE id = ANY($1::int[])`,
        [vendorIds],
      );
      await dataSource.query(
        `INSERT INTO managers (email, name, role, active_token_id)
         VALUES ('admin@load.example', 'Load admin', 'ADMIN', gen_random_uuid())`,
      );
    });
    await step('VACUUM (ANALYZE)', () => dataSource.query('VACUUM (ANALYZE)'));
    const [counts] = await dataSource.query<Record<string, string>[]>(
      `SELECT (SELECT count(*) FROM vendors) AS vendors, (SELECT count(*) FROM leads) AS leads,
              (SELECT count(*) FROM reputation_processes) AS processes,
              (SELECT count(*) FROM reputation_events) AS events`,
    );
    console.log(
      `Seeded ${LOAD_DATABASE_NAME} in ${((Date.now() - started) / 1000).toFixed(0)} s: ` +
        `${counts.vendors} vendors, ${counts.leads} leads, ${counts.processes} reputation processes, ` +
        `${counts.events} reputation events`,
    );
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  seedLoadDatabase().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
