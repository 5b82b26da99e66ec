import { Client } from 'pg';
import request from 'supertest';
import { createVendor, uniqueTag } from '../support/factories';
import { expectError, failedFields } from '../support/envelope-assertions';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';
import type { QueryRunner } from 'typeorm';
import { type VendorSearchCriteria, vendorSearchStatement } from '../../src/vendors/vendors.sql';
import { planNodes } from '../support/query-plan';

describe('Manager API: vendor search and features (e2e)', () => {
  let t: ManagerTestApp;

  beforeAll(async () => {
    t = await createManagerTestApp();
  });
  afterAll(() => t.close());

  const search = (query: Record<string, string | number | undefined>) =>
    request(t.http).get('/rest-manager-api-v1/vendors').query(query).set(t.manager);
  const named = async (...names: string[]) => {
    const vendors = [];
    for (const vendorName of names) vendors.push((await createVendor(t.app, { vendorName })).vendor);
    return vendors;
  };
  const namesOf = (res: request.Response): string[] =>
    (res.body.data.content as { vendorName: string }[]).map((v) => v.vendorName);

  describe('GET /vendors', () => {
    it('finds vendors by a case-insensitive part of the name, in name order, as the vendor Page', async () => {
      const tag = uniqueTag();
      const [maple, apex, birch] = await named(`Maple ${tag} Renovations`, `apex ${tag} Roofing`, `Birch ${tag}`);
      await named(`Unrelated ${uniqueTag()}`);

      const res = await search({ search: `  ${tag.toUpperCase()} ` });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: {
          content: [apex, birch, maple].map((v) => ({
            id: v.id,
            vendorName: v.vendorName,
            email: v.email,
            cityName: 'Toronto',
            provinceName: 'Ontario',
            activated: true,
            packageType: 0,
          })),
          totalElements: 3,
          totalPages: 1,
          size: 10,
          number: 0,
        },
      });
    });

    it('pages with page and size, past the end too', async () => {
      const tag = uniqueTag();
      await named(`C ${tag}`, `A ${tag}`, `B ${tag}`);
      const first = await search({ search: tag, size: 2 });
      expect(first.body.data).toEqual(expect.objectContaining({ totalElements: 3, totalPages: 2, size: 2, number: 0 }));
      expect(namesOf(first)).toEqual([`A ${tag}`, `B ${tag}`]);
      const second = await search({ search: tag, size: 2, page: 1 });
      expect(namesOf(second)).toEqual([`C ${tag}`]);
      expect(second.body.data.number).toBe(1);
      const beyond = await search({ search: tag, size: 2, page: 7 });
      expect(beyond.body.data).toEqual({ content: [], totalElements: 3, totalPages: 2, size: 2, number: 7 });
    });

    it('matches digits against the id exactly or the name', async () => {
      const tag = uniqueTag();
      // Names starting with "0 " sort before every other vendor, so both are on the first page.
      const [target] = await named(`0 ${tag} by id`);
      const [byName] = await named(`0 ${tag} unit ${target.id}`);
      const res = await search({ search: String(target.id), size: 100 });
      expect(res.status).toBe(200);
      expect((res.body.data.content as { id: number }[]).slice(0, 2).map((v) => v.id)).toEqual([target.id, byName.id]);
    });

    it('treats digits too long for an id as a part of the name, not an error', async () => {
      const tag = uniqueTag();
      const [lot] = await named(`Lot 99999999999 ${tag}`);
      const res = await search({ search: '99999999999', size: 100 });
      expect(res.status).toBe(200);
      expect((res.body.data.content as { id: number }[]).map((v) => v.id)).toContain(lot.id);
    });

    it('takes LIKE wildcards in the search literally', async () => {
      const tag = uniqueTag();
      await named(`100% ${tag}`, `1000 ${tag}`, `a_${tag}`, `ab${tag}`, `back\\slash ${tag}`);
      expect(namesOf(await search({ search: `0% ${tag}` }))).toEqual([`100% ${tag}`]);
      expect(namesOf(await search({ search: `a_${tag}` }))).toEqual([`a_${tag}`]);
      expect(namesOf(await search({ search: `k\\s` }))).toEqual(expect.arrayContaining([`back\\slash ${tag}`]));
    });

    it('lists every vendor when search is absent or blank', async () => {
      await named(`Listed ${uniqueTag()}`);
      for (const query of [{}, { search: '   ' }]) {
        const res = await search({ ...query, size: 100 });
        expect(res.status).toBe(200);
        expect(res.body.data.totalElements).toBeGreaterThanOrEqual(1);
        expect(res.body.data.content.length).toBe(Math.min(100, res.body.data.totalElements));
      }
    });

    it.each([
      [{ page: -1 }, 'page'],
      [{ page: 'abc' }, 'page'],
      [{ page: 1_000_001 }, 'page'],
      [{ size: 0 }, 'size'],
      [{ size: 101 }, 'size'],
      [{ size: '1.5' }, 'size'],
      [{ search: 'x'.repeat(201) }, 'search'],
      [{ q: 'maple' }, 'q'],
    ])('refuses %j with 400 naming %s', async (query, field) => {
      const res = await search(query);
      expectError(res, 400, /^Invalid request: /);
      expect(failedFields(res)).toContain(field);
    });

    it('answers a substring search with one trigram index scan, not a sequential scan, with 100,000 vendors', async () => {
      // Capture the statements the endpoint really runs, then explain them over 100,000 more vendors
      // inserted in a transaction that is rolled back (other tests never see them).
      const sent: [string, unknown[]][] = [];
      const spy = jest.spyOn(Client.prototype, 'query');
      try {
        await search({ search: 'c6e83f02' }).expect(200);
        await search({ search: '4242' }).expect(200);
      } finally {
        // The search runs as a named prepared statement: pg is given a query config, not a string.
        for (const [query] of spy.mock.calls as unknown as [{ text?: string; values?: unknown[] }][]) {
          const { text, values = [] } = query;
          if (text?.includes('FROM vendors') && text.includes('LIKE')) sent.push([text, values]);
        }
        spy.mockRestore();
      }
      expect(sent).toHaveLength(2); // one statement per search: the page and the count together

      await withVendorsSeeded(async (runner) => {
        for (const [sql, params] of sent) {
          const nodes = planNodes(await runner.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params));
          expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
          const trigramScans = nodes.filter((n) => n['Index Name'] === 'idx_vendors_name_trgm');
          expect(trigramScans).toEqual([
            expect.objectContaining({ 'Node Type': 'Bitmap Index Scan', 'Actual Loops': 1 }),
          ]);
        }
        // md5('42') contains c6e83f02: the seeded rows are really there and found.
        const [sql, params] = sent.find(([, parameters]) => parameters.includes('c6e83f02'))!;
        const [found] = await runner.query(sql, params);
        expect(Number(found.total)).toBeGreaterThanOrEqual(1);
      });
    }, 120_000);

    it('answers the page and the total the separate page and count statements answered', async () => {
      await withVendorsSeeded(async (runner) => {
        const cases: [VendorSearchCriteria, number, number][] = [
          [{ nameContains: 'c6e83f02' }, 0, 10],
          [{ nameContains: 'renovations' }, 0, 10],
          [{ nameContains: 'renovations' }, 4_990, 20],
          [{ nameContains: 'renovations' }, 99_995, 10],
          [{ nameContains: 'renovations' }, 200_000, 10],
          [{ nameContains: '4242', id: 4242 }, 0, 100],
          [{ nameContains: 'no such vendor anywhere' }, 0, 10],
          [{}, 0, 10],
          [{}, 50_000, 25],
        ];
        for (const [criteria, offset, limit] of cases) {
          // The two statements the repository ran before: the same conditions, a page and a count.
          const conditions: string[] = [];
          const parameters: unknown[] = [];
          if (criteria.nameContains) {
            parameters.push(criteria.nameContains);
            conditions.push(`lower(vendor_name) LIKE '%' || lower($${parameters.length}) || '%'`);
          }
          if (criteria.id !== undefined) {
            parameters.push(criteria.id);
            conditions.push(`id = $${parameters.length}`);
          }
          const where = conditions.length ? `WHERE ${conditions.join(' OR ')}` : '';
          const expectedPage = await runner.query(
            `SELECT id, vendor_name AS "vendorName", email, city_name AS "cityName", province_name AS "provinceName",
                    activated, package_type AS "packageType"
               FROM vendors ${where} ORDER BY lower(vendor_name), id LIMIT ${limit} OFFSET ${offset}`,
            parameters,
          );
          const [{ total }] = (await runner.query(`SELECT count(*) AS total FROM vendors ${where}`, parameters)) as {
            total: unknown;
          }[];

          const { sql, parameters: actual } = vendorSearchStatement(criteria, offset, limit);
          const rows: Record<string, unknown>[] = await runner.query(sql, actual);
          expect(rows.map((row) => row.total)).toEqual(rows.map(() => total));
          expect(rows.filter((row) => row.id !== null).map(({ total: _total, ...vendor }) => vendor)).toEqual(
            expectedPage,
          );
          if (expectedPage.length === 0) expect(rows).toHaveLength(1);
        }
      });
    }, 120_000);

    /** 100,000 more vendors, inserted in a transaction that is rolled back after `work` (other tests never see them). */
    async function withVendorsSeeded(work: (runner: QueryRunner) => Promise<void>): Promise<void> {
      const runner = t.dataSource.createQueryRunner();
      await runner.connect();
      await runner.startTransaction();
      try {
        // Seeding is set-up, not what is tested: the service's statement timeout is for requests.
        await runner.query('SET LOCAL statement_timeout = 0');
        await runner.query(
          `INSERT INTO vendors (vendor_name, email, city_name, province_name)
           SELECT 'Seeded ' || md5(i::text) || ' Renovations', 'seed' || i || '@test.example', 'Toronto', 'Ontario'
           FROM generate_series(1, 100000) AS i`,
        );
        await runner.query('ANALYZE vendors');
        await work(runner);
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
    }
  });

  describe('GET and PATCH /vendors/{vendorId}/features', () => {
    const features = (vendorId: number) => `/rest-manager-api-v1/vendors/${vendorId}/features`;
    const allOff = {
      enableFullRMS: false,
      enableStandaloneFeedbackBooster: false,
      enableStandaloneReviewBooster: false,
    };

    it('answers all three flags as stored, after every change', async () => {
      const { vendor } = await createVendor(t.app);
      expect((await request(t.http).get(features(vendor.id)).set(t.manager)).body).toEqual({
        success: true,
        data: allOff,
      });

      const patched = await request(t.http)
        .patch(features(vendor.id))
        .set(t.manager)
        .send({ enableFullRMS: true, enableStandaloneReviewBooster: true });
      const expected = { ...allOff, enableFullRMS: true, enableStandaloneReviewBooster: true };
      expect(patched.status).toBe(200);
      expect(patched.body).toEqual({ success: true, data: expected });
      expect((await request(t.http).get(features(vendor.id)).set(t.manager)).body.data).toEqual(expected);

      const partly = await request(t.http).patch(features(vendor.id)).set(t.manager).send({ enableFullRMS: false });
      expect(partly.body.data).toEqual({ ...expected, enableFullRMS: false });
      const empty = await request(t.http).patch(features(vendor.id)).set(t.manager).send({});
      expect(empty.body.data).toEqual({ ...expected, enableFullRMS: false });
    });

    it.each([
      [{ enableFullRMS: 'true' }, 'enableFullRMS'],
      [{ enableFullRMS: 1 }, 'enableFullRMS'],
      [{ enableStandaloneFeedbackBooster: null }, 'enableStandaloneFeedbackBooster'],
      [{ enableSomethingElse: true }, 'enableSomethingElse'],
      [{ enableFullRMS: true, activated: false }, 'activated'],
    ])('refuses %j with 400 and changes nothing', async (body, field) => {
      const { vendor } = await createVendor(t.app);
      const res = await request(t.http).patch(features(vendor.id)).set(t.manager).send(body);
      expectError(res, 400, /^Invalid request: /);
      expect(failedFields(res)).toEqual([field]);
      expect((await request(t.http).get(features(vendor.id)).set(t.manager)).body.data).toEqual(allOff);
    });

    it('answers an unknown vendor with 404', async () => {
      expectError(
        await request(t.http).get(features(2147483000)).set(t.manager),
        404,
        /Vendor 2147483000 was not found/,
      );
      expectError(
        await request(t.http).patch(features(2147483000)).set(t.manager).send({ enableFullRMS: true }),
        404,
        /Vendor 2147483000 was not found/,
      );
    });
  });
});
