import request from 'supertest';
import { LeadFilter } from '../../src/leads/entities/lead.entity';
import type { Statement } from '../../src/database/statement';
import { type LeadsConfig, leadsConfig } from '../../src/config/leads.config';
import { responseTimesWindow } from '../../src/leads/lead-response-times';
import { responseTimesValidUntilStatement } from '../../src/leads/lead-response-times.sql';
import { filterCountsStatement, leadListStatement } from '../../src/leads/leads.sql';
import { seedLeads, seedVendors } from '../../scripts/lead-seed';
import { bearer, createVendor } from '../support/factories';
import { type PlanNode, planNodes, rowsRead } from '../support/query-plan';
import { TestApp, createTestApp } from '../support/test-app';

const LARGE_VENDOR_LEADS = 100_000;
const OTHER_VENDORS = 20;
const LEADS_PER_OTHER_VENDOR = 5_000;

/**
 * The list and counts statements the repository runs (src/leads/leads.sql.ts), planned for a vendor with 100,000 leads among
 * 100,000 of other vendors: every access to `leads` must go through an index.
 */
describe('Lead queries at scale (e2e)', () => {
  let t: TestApp;
  let token: string;
  let vendorId: number;
  let typicalVendorId: number;
  let timing: LeadsConfig;

  beforeAll(async () => {
    t = await createTestApp();
    ({
      token,
      vendor: { id: vendorId },
    } = await createVendor(t.app));
    await seedLeads(t.dataSource, [vendorId], LARGE_VENDOR_LEADS);
    const others = await seedVendors(t.dataSource, OTHER_VENDORS);
    await seedLeads(t.dataSource, others, LEADS_PER_OTHER_VENDOR);
    typicalVendorId = others[0];
    // A vendor flooded with leads waiting for an answer, so that the average vendor holds far more of
    // them than the typical one: plans priced for the average then cost more than the typical's own.
    await seedLeads(t.dataSource, await seedVendors(t.dataSource, 1), 200_000, '1 second');
    // What autovacuum does in production: fresh statistics and a visibility map for index-only scans.
    await t.dataSource.query('VACUUM (ANALYZE) leads');
    timing = t.app.get<LeadsConfig>(leadsConfig.KEY);
  }, 60_000);
  afterAll(() => t.close());

  const planOf = async ({ sql, parameters }: Statement): Promise<PlanNode[]> => {
    return planNodes(await t.dataSource.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters));
  };
  /** The rows the statement's nodes that `reads` picks read when it ran (EXPLAIN ANALYZE). */
  const rowsReadBy = async ({ sql, parameters }: Statement, reads: (node: PlanNode) => boolean): Promise<number> => {
    const nodes = planNodes(await t.dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, parameters));
    return nodes.filter(reads).reduce((sum, node) => sum + rowsRead(node), 0);
  };
  const expectIndexUse = (nodes: PlanNode[]): void => {
    const seqScans = nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'leads');
    expect(seqScans).toEqual([]);
    // An index scan with no condition walks the whole index: every vendor's leads.
    const wholeIndexScans = nodes.filter(
      (node) => node['Relation Name'] === 'leads' && node['Node Type'].includes('Index') && !node['Index Cond'],
    );
    expect(wholeIndexScans).toEqual([]);
    expect(nodes.map((node) => node['Index Name'])).toContainEqual(expect.stringMatching(/^idx_leads_vendor_/));
  };

  it('plans without parallel workers in the service’s sessions (no Gather, no worker processes per request)', async () => {
    const [setting] = await t.dataSource.query('SHOW max_parallel_workers_per_gather');
    expect(setting).toEqual({ max_parallel_workers_per_gather: '0' });
    const nodes = await planOf(
      leadListStatement(timing, new Date(), vendorId, LeadFilter.RequiresAttention, { page: 0, size: 10 }),
    );
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Gather');
  });

  it('answers the counts and list totals of the large vendor', async () => {
    const counts = (await request(t.http).get('/rest-api-v1/general-leads/filter-counts').set(bearer(token))).body.data;
    // The seed's mix: 30% accepted; attention = pending of the last three days + accepted needing an update.
    expect(counts.allLeadsCount).toBe(LARGE_VENDOR_LEADS);
    expect(counts.acceptedLeadsCount).toBe(30_000);
    expect(counts.requiresAttentionLeadsCount).toBeGreaterThan(0);
    for (const [filter, total] of [
      [LeadFilter.All, counts.allLeadsCount],
      [LeadFilter.Accepted, counts.acceptedLeadsCount],
      [LeadFilter.RequiresAttention, counts.requiresAttentionLeadsCount],
    ]) {
      const last = Math.ceil(total / 100) - 1;
      const res = await request(t.http)
        .get('/rest-api-v1/general-leads')
        .query({ filter, page: last, size: 100 })
        .set(bearer(token));
      expect(res.body.data).toMatchObject({ totalElements: total, last: true });
      expect(res.body.data.content).toHaveLength(total - last * 100);
    }
  });

  it.each(Object.values(LeadFilter).flatMap((filter) => [0, 500, 9_999].map((page) => [filter, page] as const)))(
    'plans the list (filter %s, page %i) on its index, with no Seq Scan on leads',
    async (filter, page) => {
      expectIndexUse(await planOf(leadListStatement(timing, new Date(), vendorId, filter, { page, size: 10 })));
    },
  );

  // The service prepares each statement once per connection (`prepare: true`). PostgreSQL keeps one
  // plan for every page and vendor (the generic plan) only when it prices it no higher than the plans
  // made for each execution's values; otherwise it plans every request anew. The first five
  // executions are planned for their values (PostgreSQL's rule); then one plan for all.
  /** How often PostgreSQL planned `statements`, run in turn on one connection under one prepared name. */
  const plansFor = async (name: string, statements: Statement[]): Promise<{ generic: number; custom: number }> => {
    const runner = t.dataSource.createQueryRunner();
    try {
      const client = (await runner.connect()) as {
        query(query: { name: string; text: string; values: unknown[] }): Promise<unknown>;
      };
      for (const { sql, parameters } of statements) await client.query({ name, text: sql, values: parameters });
      const [plans] = (await runner.query(
        `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name = $1`,
        [name],
      )) as { generic: number; custom: number }[];
      return plans;
    } finally {
      await runner.release();
    }
  };

  it.each(Object.values(LeadFilter).flatMap((filter) => [[filter, 'large'] as const, [filter, 'typical'] as const]))(
    'plans the list (filter %s, a %s vendor) once per connection, not per request',
    async (filter, vendor) => {
      const id = vendor === 'large' ? vendorId : typicalVendorId;
      const pages = [0, 9_000, 0, 50, 1, 0, 9_999, 2, 0, 100];
      const statements = pages.map((page) => leadListStatement(timing, new Date(), id, filter, { page, size: 10 }));
      expect(await plansFor(`lead_list_${filter}_${vendor}`, statements)).toEqual({ generic: 5, custom: 5 });
    },
  );

  it.each(['large', 'typical'] as const)(
    'plans the filter counts (a %s vendor) once per connection, not per request',
    async (vendor) => {
      const id = vendor === 'large' ? vendorId : typicalVendorId;
      const statements = Array.from({ length: 10 }, () => filterCountsStatement(timing, new Date(), id));
      expect(await plansFor(`lead_filter_counts_${vendor}`, statements)).toEqual({ generic: 5, custom: 5 });
    },
  );

  // A page of ALL or ACCEPTED starts from the day counts (EXPLAIN ANALYZE counts the rows each scan
  // read): at any depth it reads the vendor's days, then at most one day's index entries before the
  // page and the page's rows by primary key, where an offset would read every entry above the page.
  it.each([
    [LeadFilter.All, 9_000, 10],
    [LeadFilter.All, 5_000, 10],
    [LeadFilter.All, 17, 10],
    [LeadFilter.Accepted, 5_000, 3],
    [LeadFilter.Accepted, 9_999, 3],
  ])('reads the list (filter %s, page %i, size %i) from the day it starts in', async (filter, page, size) => {
    const statement = leadListStatement(timing, new Date(), vendorId, filter, { page, size });
    const read = (relation: string) => rowsReadBy(statement, (node) => node['Relation Name'] === relation);
    const [{ days, busiest }] = await t.dataSource.query(
      `SELECT count(*)::int AS days, max(${filter === LeadFilter.All ? 'total' : 'accepted'})::int AS busiest
         FROM vendor_lead_days WHERE vendor_id = $1`,
      [vendorId],
    );
    expect(days).toBeGreaterThan(300);
    expect(await read('vendor_lead_days')).toBeLessThanOrEqual(days);
    const leads = await read('leads');
    expect(leads).toBeGreaterThanOrEqual(2 * size);
    expect(leads).toBeLessThanOrEqual(busiest + 2 * size);
  });

  // REQUIRES_ATTENTION has no stored day counts (the clock moves leads in and out): a page in its older
  // half is walked from the oldest end, reading only the entries from the page to that end.
  it('reads a deep REQUIRES_ATTENTION page from the oldest end', async () => {
    const now = new Date();
    const total = await attentionByDefinition(now);
    const size = 10;
    const page = Math.floor((total * 0.9) / size);
    const statement = leadListStatement(timing, now, vendorId, LeadFilter.RequiresAttention, { page, size });
    // The page's walk, apart from the count's own reads of the lately moved leads.
    const read = await rowsReadBy(statement, (node) => node['Index Name'] === 'idx_leads_vendor_attention_created');
    expect(total).toBeGreaterThan(2_000);
    expect(read).toBeGreaterThanOrEqual(total - page * size);
    expect(read).toBeLessThanOrEqual(total - page * size + size);
  });

  it('plans the filter counts on an index, with no Seq Scan on leads', async () => {
    expectIndexUse(await planOf(filterCountsStatement(timing, new Date(), vendorId)));
  });

  /** REQUIRES_ATTENTION as docs/contract.md defines it, counted row by row at `now`. */
  const attentionByDefinition = async (now: Date): Promise<number> => {
    const [{ count }]: { count: number }[] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM leads
        WHERE vendor_id = $1 AND (
          (vendor_lead_action = 'NONE' AND date_created > $2::timestamptz - make_interval(hours => $3))
          OR (vendor_lead_action = 'ACCEPT' AND (post_lead_status IS NULL OR (post_lead_status NOT IN
              ('JOB_WON', 'JOB_LOST', 'JOB_POSTPONED_OR_CANCELLED', 'LEAD_WON', 'LEAD_LOST')
              AND post_lead_status_date < $2::timestamptz - make_interval(days => $4)))))`,
      [vendorId, now, timing.expiryHours, timing.statusReminderDays],
    );
    return count;
  };

  // The stored counts less the clock's part: the same number as counting every lead, at any time, as
  // leads fall out of the three days and statuses become due (the expiry job not run since).
  it.each([0, 1, 2, 3, 5, 8, 13, 30])(
    'counts REQUIRES_ATTENTION %i days from now as counting every lead would',
    async (days) => {
      const now = new Date(Date.now() + days * 86_400_000);
      const { sql, parameters } = filterCountsStatement(timing, now, vendorId);
      const [counts] = await t.dataSource.query(sql, parameters);
      expect(Number(counts.requiresAttentionLeadsCount)).toBe(await attentionByDefinition(now));
    },
  );

  // The seed's large vendor has thousands of leads requiring attention; the count reads only the NONE
  // leads past the expiry age and the statuses set within the reminder age.
  it('reads for REQUIRES_ATTENTION only the leads the clock has moved lately, not every lead it counts', async () => {
    const now = new Date();
    const statement = filterCountsStatement(timing, now, vendorId);
    const read = await rowsReadBy(statement, (node) => node['Relation Name'] === 'leads');
    const [{ lately }] = await t.dataSource.query(
      `SELECT count(*)::int AS lately FROM leads
        WHERE vendor_id = $1 AND ((vendor_lead_action = 'NONE' AND date_created <= $2::timestamptz - make_interval(hours => $3))
          OR (vendor_lead_action = 'ACCEPT' AND post_lead_status_date >= $2::timestamptz - make_interval(days => $4)))`,
      [vendorId, now, timing.expiryHours, timing.statusReminderDays],
    );
    const attention = await attentionByDefinition(now);
    expect(attention).toBeGreaterThan(2_000);
    expect(read).toBeLessThanOrEqual(lately);
    expect(read).toBeLessThan(attention / 5);
  });

  // Five index walks, each ending at the first lead that meets its condition (LIMIT 1).
  it('plans until when the response times hold (the memo) on an index, with no Seq Scan on leads', async () => {
    const now = new Date();
    const statement = responseTimesValidUntilStatement(
      timing,
      now,
      vendorId,
      responseTimesWindow(undefined, undefined, now),
    );
    const nodes = await planOf(statement);
    expectIndexUse(nodes);
    expect(nodes.filter((node) => node['Node Type'] === 'Limit')).toHaveLength(5);
  });
});
