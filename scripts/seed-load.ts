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
//
// LOAD_SCALE (1 to 100, default 1) multiplies every vendor's leads and processes over the same
// vendors and the same span of time (one every 5 minutes / scale), in the database test_load_x<scale>
// (LOAD_DATABASE_NAME + _x<scale>):
// an operator with that many times the business.
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { adminQuery, assertTestDatabase, databaseUrl } from '../test/support/test-database';
import { seedLeads, seedVendors } from './lead-seed';
import { resetReputationSequences, seedReputation } from './reputation-seed';
import { scriptDataSource } from './script-data-source';

/** LOAD_SCALE as a whole number from 1 to 100. */
export function loadScale(value = process.env.LOAD_SCALE ?? '1'): number {
  const scale = Number(value);
  if (!Number.isInteger(scale) || scale < 1 || scale > 100) throw new Error(`LOAD_SCALE must be 1..100: ${value}`);
  return scale;
}

/** The data set at a scale: the counts of scale 1 with each vendor's leads and processes multiplied. */
export function loadSet(scale: number) {
  return {
    scale,
    vendors: 1_000,
    bigVendorLeads: 100_000 * scale,
    leadsPerOtherVendor: 901 * scale,
    bigVendorProcesses: 20_000 * scale,
    processesPerOtherVendor: 180 * scale,
    searchVendors: 100_000,
    /** The time between two of a vendor's leads (or processes), so the same years hold `scale` times as many. */
    spacing: `${300 / scale} seconds`,
  } as const;
}

export type LoadSet = ReturnType<typeof loadSet>;

export function loadDatabaseName(scale: number): string {
  const base = process.env.LOAD_DATABASE_NAME ?? 'test_load';
  return scale === 1 ? base : `${base}_x${scale}`;
}

export function loadDatabaseUrl(scale = loadScale()): string {
  return databaseUrl(loadDatabaseName(scale));
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

/** Whether the load database of the scale exists with the whole data set (its vendors and leads all there). */
export async function loadDatabaseReady(scale = loadScale()): Promise<boolean> {
  const load = loadSet(scale);
  const client = new Client({ connectionString: loadDatabaseUrl(scale) });
  try {
    await client.connect();
    const { rows } = await client.query<{ vendors: number; leads: number }>(
      'SELECT (SELECT count(*)::int FROM vendors) AS vendors, (SELECT count(*)::int FROM leads) AS leads',
    );
    const leads = load.bigVendorLeads + (load.vendors - 1) * load.leadsPerOtherVendor;
    return rows[0].vendors === load.vendors + load.searchVendors && rows[0].leads === leads;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The secondary indexes of the public tables (not those behind a primary key or a unique constraint),
 * dropped: answers the statements that build them again. Loaded with its indexes in place, each row
 * would go into every index at a random page (10M leads: most of the load's time); built after the
 * load, each index is one sort.
 */
async function dropSecondaryIndexes(dataSource: DataSource): Promise<string[]> {
  const indexes: { name: string; definition: string }[] = await dataSource.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relnamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  );
  for (const { name } of indexes) await dataSource.query(`DROP INDEX ${name}`);
  return indexes.map(({ definition }) => definition);
}

export async function seedLoadDatabase(scale = loadScale()): Promise<void> {
  const load = loadSet(scale);
  const name = loadDatabaseName(scale);
  assertTestDatabase(name);
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const dataSource = scriptDataSource(loadDatabaseUrl(scale));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations();
    const step = async (label: string, work: () => Promise<unknown>) => {
      const started = Date.now();
      await work();
      console.log(`${label.padEnd(52)} ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`);
    };
    const started = Date.now();
    const indexes = await dropSecondaryIndexes(dataSource);
    let vendorIds: number[] = [];
    await step(`${load.vendors} vendors`, async () => (vendorIds = await seedVendors(dataSource, load.vendors)));
    const [big, ...others] = vendorIds;
    await step(`${load.bigVendorLeads} leads of vendor ${big}`, () =>
      seedLeads(dataSource, [big], load.bigVendorLeads, load.spacing),
    );
    await step(`${load.leadsPerOtherVendor} leads of each other vendor`, () =>
      seedLeads(dataSource, others, load.leadsPerOtherVendor, load.spacing),
    );
    await step(`${load.bigVendorProcesses} reputation processes of vendor ${big}`, () =>
      seedReputation(dataSource, [big], load.bigVendorProcesses, 0, load.spacing),
    );
    await step(`${load.processesPerOtherVendor} reputation processes of each other vendor`, () =>
      seedReputation(dataSource, others, load.processesPerOtherVendor, load.bigVendorProcesses, load.spacing),
    );
    await step(`${load.searchVendors} vendors for search`, () => seedSearchVendors(dataSource, load.searchVendors));
    await step('accounts: features, API keys, one ADMIN manager', async () => {
      await resetReputationSequences(dataSource);
      await dataSource.query(
        `UPDATE vendors SET enable_full_rms = true,
                enable_standalone_feedback_booster = true, enable_standalone_review_booster = true
          WHERE id = ANY($1::int[])`,
        [vendorIds],
      );
      await dataSource.query(
        `INSERT INTO api_keys (id, vendor_id, name, scopes, created_by)
         SELECT gen_random_uuid(), id, 'api-token', '{*}', 'cli' FROM unnest($1::int[]) AS id`,
        [vendorIds],
      );
      await dataSource.query(
        `WITH manager AS (
           INSERT INTO managers (email, name, role) VALUES ('admin@load.example', 'Load admin', 'ADMIN') RETURNING id)
         INSERT INTO api_keys (id, manager_id, name, scopes, created_by)
         SELECT gen_random_uuid(), id, 'manager-token', '{*}', 'cli' FROM manager`,
      );
    });
    await step(`${indexes.length} secondary indexes built`, async () => {
      const runner = dataSource.createQueryRunner();
      try {
        await runner.query(`SET maintenance_work_mem = '256MB'`);
        for (const definition of indexes) await runner.query(definition);
      } finally {
        await runner.release();
      }
    });
    await step('VACUUM (ANALYZE)', () => dataSource.query('VACUUM (ANALYZE)'));
    const [counts] = await dataSource.query<Record<string, string>[]>(
      `SELECT (SELECT count(*) FROM vendors) AS vendors, (SELECT count(*) FROM leads) AS leads,
              (SELECT count(*) FROM reputation_processes) AS processes,
              (SELECT count(*) FROM reputation_events) AS events`,
    );
    console.log(
      `Seeded ${name} (scale ${scale}) in ${((Date.now() - started) / 1000).toFixed(0)} s: ` +
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
