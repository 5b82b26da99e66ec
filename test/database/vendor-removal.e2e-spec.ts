import request from 'supertest';
import { useCustomerDataBed } from '../support/customer-data-bed';
import { VENDOR_API as V } from '../support/api-paths';
import type { Account } from '../support/own-database-app';

jest.setTimeout(120_000);

/**
 * Every foreign key to `vendors` says ON DELETE CASCADE: an operator removing a vendor in SQL removes
 * its leads, journeys, messages and the counts kept of them in one statement, and leaves every other
 * vendor's figures as they were. The tables are read from the catalogue, not from a list, so a table
 * added later is scanned too.
 */
describe('A vendor removed in SQL (e2e)', () => {
  const { state, person, outboxSettled, webhooksSettled, personWithRecords, kpis } =
    useCustomerDataBed('vendor_removal');

  async function leadFigures(vendor: Account) {
    const counts = await request(state.bed.t.http).get(`${V}/general-leads/filter-counts`).set(vendor.auth);
    const page = await request(state.bed.t.http).get(`${V}/general-leads?page=0&size=5`).set(vendor.auth);
    expect([counts.status, page.status]).toEqual([200, 200]);
    return {
      counts: counts.body.data,
      total: page.body.data.totalElements,
      ids: page.body.data.content.map((l: { id: number }) => l.id),
    };
  }

  /**
   * Rows naming the vendor, by table: through a foreign key to `vendors` or a `vendor_id` column (the
   * counts and rollups keyed by vendor). The audit log keeps its entries until retention removes them.
   */
  async function rowsNaming(vendorId: number): Promise<Record<string, number>> {
    const references: { table: string; column: string }[] = await state.bed.t.dataSource.query(
      `SELECT c.conrelid::regclass::text AS table, a.attname AS column
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = 'vendors'::regclass
       UNION
       SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'vendor_id' AND table_name <> 'audit_log'`,
    );
    expect(references.length).toBeGreaterThan(30);
    const found: Record<string, number> = {};
    for (const { table, column } of references) {
      const [{ n }] = await state.bed.t.dataSource.query(
        `SELECT count(*)::int AS n FROM ${table} WHERE "${column}" = $1`,
        [vendorId],
      );
      found[`${table}.${column}`] = n;
    }
    return found;
  }

  it('removes its rows from every table that refers to it and leaves the other vendor’s figures whole', async () => {
    const { bed, a, b } = state;
    await personWithRecords(person(), a, b);
    await personWithRecords(person(), b, a);
    await outboxSettled();
    await webhooksSettled();
    const before = { leads: await leadFigures(b), kpis: await kpis(b) };
    const held = await rowsNaming(a.id);
    expect(Object.values(held).filter((n) => n > 0).length).toBeGreaterThan(10);

    await bed.t.dataSource.query(`DELETE FROM vendors WHERE id = $1`, [a.id]);

    const left = await rowsNaming(a.id);
    expect(Object.entries(left).filter(([, n]) => n > 0)).toEqual([]);
    expect({ leads: await leadFigures(b), kpis: await kpis(b) }).toEqual(before);
    expect((await request(bed.t.http).get(`${V}/general-leads`).set(a.auth)).status).toBe(401);
  });
});
