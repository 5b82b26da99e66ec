import { LeadFilter } from '../../src/leads/entities/lead.entity';
import { createVendor } from '../support/factories';
import { DAY, useLeadsApi } from '../support/leads-api';
import type { TestApp } from '../support/test-app';

const SIZES = [1, 2, 3, 7, 25];

/** UTC midnight `days` before the fixed start, plus `ms`. */
const at = (days: number, ms = 0): Date => new Date(Date.UTC(2026, 10, 20) - days * DAY + ms);

/**
 * Every page of every size of a vendor's leads against one reading of the whole list: the stored day
 * counts the ALL and ACCEPTED pages start from, and the older half of REQUIRES_ATTENTION walked from
 * its oldest end, give the pages plain OFFSET would, on leads at and beside UTC midnights, many at one
 * instant, and after the changes that move the counts.
 */
describe('Vendor leads: paging (e2e)', () => {
  const { state, list, accept, idsOf } = useLeadsApi();
  let t: TestApp;
  beforeAll(() => {
    t = state.t;
  });

  /** Leads of the vendor at the given instants (several each where `times` repeats one), every third accepted. */
  const insertLeads = async (vendorId: number, times: Date[]): Promise<void> => {
    await t.dataSource.query(
      `INSERT INTO leads (vendor_id, category, customer_name, project_details_html, original_job_description,
                          vendor_lead_action, date_created, date_modified)
       SELECT $1, 'Roofing', 'Customer ' || n, '<p>x</p>', 'x',
              CASE WHEN n % 3 = 0 THEN 'ACCEPT' ELSE 'NONE' END::lead_action, created, created
         FROM unnest($2::timestamptz[]) WITH ORDINALITY AS spread (created, n)`,
      [vendorId, times],
    );
  };

  /** The filter's leads in the list's order, as plain SQL reads them. */
  const ordered = async (vendorId: number, filter: LeadFilter): Promise<number[]> => {
    const where = filter === LeadFilter.Accepted ? `AND vendor_lead_action = 'ACCEPT'` : '';
    const rows: { id: number }[] = await t.dataSource.query(
      `SELECT id FROM leads WHERE vendor_id = $1 ${where} ORDER BY date_created DESC, id DESC`,
      [vendorId],
    );
    return rows.map((row) => row.id);
  };

  const expectEveryPage = async (token: string, filter: LeadFilter, all: number[]): Promise<void> => {
    for (const size of SIZES) {
      const pages = Math.ceil(all.length / size);
      for (let page = 0; page <= pages; page++) {
        const res = await list(token, { filter, page, size }).expect(200);
        expect({ filter, size, page, ids: idsOf(res), total: res.body.data.totalElements }).toEqual({
          filter,
          size,
          page,
          ids: all.slice(page * size, (page + 1) * size),
          total: all.length,
        });
      }
    }
  };

  const expectEveryFilter = async (vendorId: number, token: string): Promise<void> => {
    for (const filter of [LeadFilter.All, LeadFilter.Accepted]) {
      await expectEveryPage(token, filter, await ordered(vendorId, filter));
    }
    // What requires attention depends on the clock: the newest-first reading of all of it is the reference.
    const attention = idsOf(await list(token, { filter: LeadFilter.RequiresAttention, size: 100 }).expect(200));
    expect(attention.length).toBeGreaterThan(10);
    await expectEveryPage(token, LeadFilter.RequiresAttention, attention);
  };

  /** The stored day counts against the leads of each vendor and day. */
  const expectDayCounts = async (): Promise<void> => {
    const counted = await t.dataSource.query(
      `SELECT vendor_id, day, total, accepted FROM vendor_lead_days WHERE total <> 0 OR accepted <> 0
        ORDER BY vendor_id, day`,
    );
    const actual = await t.dataSource.query(
      `SELECT vendor_id, (date_created AT TIME ZONE 'UTC')::date AS day, count(*)::int AS total,
              (count(*) FILTER (WHERE vendor_lead_action = 'ACCEPT'))::int AS accepted
         FROM leads GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(actual.length).toBeGreaterThan(10);
    expect(counted).toEqual(actual);
  };

  it('gives every page of every size that plain OFFSET gives, and the day counts follow the leads, before and after the counts change', async () => {
    const { vendor, token } = await createVendor(t.app);
    const other = await createVendor(t.app);
    const times = [
      ...Array.from({ length: 12 }, () => at(0)), // twelve at one instant, a UTC midnight
      at(0, -1), // the microsecond before it, which is the day before
      at(0, 1),
      ...Array.from({ length: 6 }, (_, i) => at(1, i * 3_600_000)),
      ...Array.from({ length: 5 }, () => at(1, -1)),
      ...Array.from({ length: 9 }, (_, i) => at(4, i * 7_000_000)),
      at(30),
      at(365, 12 * 3_600_000),
    ];
    await insertLeads(vendor.id, times);
    await insertLeads(other.vendor.id, times);
    // Recent pending leads for REQUIRES_ATTENTION (its leads within the expiry age).
    await insertLeads(
      vendor.id,
      Array.from({ length: 14 }, (_, i) => new Date(Date.now() - i * 600_000)),
    );
    await expectEveryFilter(vendor.id, token);
    await expectDayCounts();

    // Each kind of change: decisions through the API, then a move, a rewritten creation time across a
    // day, a delete and a second bulk insert, straight in SQL.
    const [newest, , third] = await ordered(vendor.id, LeadFilter.All);
    await accept(token, newest).expect(200);
    const pending: { id: number }[] = await t.dataSource.query(
      `SELECT id FROM leads WHERE vendor_id = $1 AND vendor_lead_action = 'NONE' ORDER BY id LIMIT 3`,
      [vendor.id],
    );
    await t.dataSource.query(`UPDATE leads SET vendor_lead_action = 'ACCEPT' WHERE id = ANY($1)`, [
      pending.map((row) => row.id),
    ]);
    await t.dataSource.query('UPDATE leads SET vendor_id = $1 WHERE id = $2', [other.vendor.id, third]);
    await t.dataSource.query(`UPDATE leads SET date_created = $1 WHERE id = $2`, [at(2), pending[0].id]);
    await t.dataSource.query('DELETE FROM leads WHERE id = $1', [pending[1].id]);
    await insertLeads(vendor.id, [at(0), at(1, -1), at(3), at(3), at(0, -1)]);
    await expectEveryFilter(vendor.id, token);
    await expectEveryFilter(other.vendor.id, other.token);
    await expectDayCounts();
  });
});
