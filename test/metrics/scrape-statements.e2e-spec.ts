import { Sql } from '../../src/database/sql';
import type { Statement } from '../../src/database/statement';
import { ScrapeGauges } from '../../src/metrics/scrape-gauges';
import { planNodes } from '../support/query-plan';
import { TestApp, createTestApp } from '../support/test-app';

/** The statements one scrape runs. */
const READINGS = 4;

/**
 * The values a scrape reads from the database (queue depths, oldest ages, paused endpoints, waiting
 * leads): one statement each, shared by scrapes that arrive together, each served by an index.
 */
describe("The scrape's database readings (e2e)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t?.close());

  const statementsOf = async (scrape: () => Promise<unknown>): Promise<Statement[]> => {
    const run = jest.spyOn(Sql.prototype, 'run');
    try {
      await scrape();
      return run.mock.calls.map(([statement]) => statement);
    } finally {
      run.mockRestore();
    }
  };

  it('are one statement each, run once for the scrapes that arrive together', async () => {
    const gauges = t.app.get(ScrapeGauges);
    expect(await statementsOf(() => gauges.refresh())).toHaveLength(READINGS);
    expect(await statementsOf(() => Promise.all([gauges.refresh(), gauges.refresh(), gauges.refresh()]))).toHaveLength(
      READINGS,
    );
  });

  it('each go through an index, never a scan of the table', async () => {
    const statements = await statementsOf(() => t.app.get(ScrapeGauges).refresh());
    for (const { sql, parameters } of statements) {
      // With sequential scans priced out, the planner still scans a table that no index serves.
      const nodes = await t.dataSource.transaction(async (manager) => {
        await manager.query('SET LOCAL enable_seqscan = off');
        return planNodes(await manager.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters));
      });
      // vendor_lead_counts holds one row per vendor: its sum is read whole by design.
      const scanned = nodes
        .filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] !== 'vendor_lead_counts')
        .map((node) => node['Relation Name']);
      expect({ sql, scanned }).toEqual({ sql, scanned: [] });
    }
  });
});
