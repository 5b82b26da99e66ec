import request from 'supertest';
import { assertBuilt, runCli } from '../support/built-app';
import { bearer, createVendor } from '../support/factories';
import { image } from '../support/images';
import { waitUntil } from '../support/net';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';
import { MANAGER_API as M } from '../support/api-paths';

interface Entry {
  id: string;
  at: string;
  actor: { type: string; id: string | null };
  action: string;
  target: { type: string; id: string | null };
  requestId: string | null;
  fields: string[];
}

describe('Audit log (e2e)', () => {
  let t: ManagerTestApp;
  beforeAll(async () => {
    assertBuilt();
    t = await createManagerTestApp();
  });
  afterAll(() => t.close());

  /**
   * The vendor's entries once `count` are visible: the feed shows an entry only when every transaction
   * older than it has ended, on the whole server (other suites' included).
   */
  async function entriesOf(vendorId: number, count: number): Promise<Entry[]> {
    let entries: Entry[] = [];
    await waitUntil(async () => {
      const res = await request(t.http).get(`${M}/audit-log`).query({ vendorId, limit: 100 }).set(t.manager);
      expect(res.status).toBe(200);
      entries = res.body.data.content as Entry[];
      return entries.length >= count;
    });
    return entries;
  }

  it('records each manager write with its request id, target and field names, never a value or a token', async () => {
    const created = await request(t.http)
      .post(`${M}/vendors`)
      .set(t.manager)
      .set('X-Request-Id', 'audit-create-1')
      .send({ vendorName: 'Audited Renos', email: 'audited@vendor.example', cityName: 'Laval', provinceName: 'QC' });
    expect(created.status).toBe(201);
    const vendorId = created.body.data.id as number;
    await request(t.http)
      .patch(`${M}/vendors/${vendorId}/features`)
      .set(t.manager)
      .set('X-Request-Id', 'audit-features-1')
      .send({ enableFullRMS: true })
      .expect(200);
    const issued = await request(t.http)
      .post(`${M}/vendors/${vendorId}/api-token`)
      .set(t.manager)
      .set('X-Request-Id', 'audit-token-1')
      .expect(201);

    const entries = await entriesOf(vendorId, 3);
    expect(
      entries.map(({ action, target, requestId, fields, actor }) => ({ action, target, requestId, fields, actor })),
    ).toEqual([
      {
        action: 'POST /vendors',
        target: { type: 'vendor', id: String(vendorId) },
        requestId: 'audit-create-1',
        fields: ['vendorName', 'email', 'cityName', 'provinceName'],
        actor: { type: 'manager', id: expect.stringMatching(/^\d+$/) },
      },
      {
        action: 'PATCH /vendors/{vendorId}/features',
        target: { type: 'vendor', id: String(vendorId) },
        requestId: 'audit-features-1',
        fields: ['enableFullRMS'],
        actor: { type: 'manager', id: expect.stringMatching(/^\d+$/) },
      },
      {
        action: 'POST /vendors/{vendorId}/api-token',
        target: { type: 'vendor', id: String(vendorId) },
        requestId: 'audit-token-1',
        fields: [],
        actor: { type: 'manager', id: expect.stringMatching(/^\d+$/) },
      },
    ]);
    const stored = JSON.stringify(await t.dataSource.query('SELECT * FROM audit_log WHERE vendor_id = $1', [vendorId]));
    expect(stored).not.toContain(issued.body.data.token);
    expect(stored).not.toContain('audited@vendor.example');
  });

  it('names what a create made, and records nothing for a refused write or a vendor write', async () => {
    const { vendor, token } = await createVendor(t.app);
    const lead = await request(t.http).post(`${M}/vendors/${vendor.id}/leads`).set(t.manager).send({
      category: 'Roofing',
      customerName: 'Audit Customer',
      customerEmail: 'audit-customer@customer.example',
      projectDetailsHtml: '<p>Roof</p>',
      originalJobDescription: 'Roof',
    });
    expect(lead.status).toBe(201);
    await request(t.http).patch(`${M}/vendors/${vendor.id}/features`).set(t.manager).send({ nope: true }).expect(400);
    await request(t.http).get(`${M}/vendors/${vendor.id}/features`).set(t.manager).expect(200);
    await request(t.http).post(`/rest-api-v1/general-leads/${lead.body.data.id}/accept`).set(bearer(token)).expect(200);

    const entries = await entriesOf(vendor.id, 1);
    expect(entries.map(({ action, target }) => ({ action, target }))).toEqual([
      { action: 'POST /vendors/{vendorId}/leads', target: { type: 'lead', id: String(lead.body.data.id) } },
    ]);
    expect(JSON.stringify(entries)).not.toContain('audit-customer@customer.example');
  });

  it('records a write once: its repeat with the Idempotency-Key, a JSON body or an upload, is a replay', async () => {
    const { vendor } = await createVendor(t.app);
    const png = await image('png', 20, 20);
    const writes = [
      () =>
        request(t.http)
          .patch(`${M}/vendors/${vendor.id}/features`)
          .set(t.manager)
          .set('Idempotency-Key', `audit-once-${vendor.id}-features`)
          .send({ enableFullRMS: true }),
      () =>
        request(t.http)
          .post(`${M}/vendors/${vendor.id}/gallery`)
          .set(t.manager)
          .set('Idempotency-Key', `audit-once-${vendor.id}-gallery`)
          .attach('files[]', png, { filename: 'once.png' }),
    ];
    for (const write of writes) {
      expect((await write()).status).toBeLessThan(300);
      expect((await write()).headers['idempotent-replayed']).toBe('true');
    }
    // Read from the table: the feed shows an entry only once older transactions elsewhere have ended.
    const stored = await t.dataSource.query('SELECT action FROM audit_log WHERE vendor_id = $1 ORDER BY id', [
      vendor.id,
    ]);
    expect(stored).toEqual([
      { action: 'PATCH /vendors/{vendorId}/features' },
      { action: 'POST /vendors/{vendorId}/gallery' },
    ]);
  });

  it('commits no change without its entry: a write whose entry cannot be stored is not made', async () => {
    const { vendor } = await createVendor(t.app);
    // Only this vendor's entries are refused, so that the other suites running meanwhile are not affected.
    await t.dataSource.query(`
      CREATE FUNCTION refuse_audit_${vendor.id}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await t.dataSource.query(`
      CREATE TRIGGER refuse_audit_${vendor.id} BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.vendor_id = ${vendor.id}) EXECUTE FUNCTION refuse_audit_${vendor.id}()`);
    try {
      const res = await request(t.http)
        .patch(`${M}/vendors/${vendor.id}`)
        .set(t.manager)
        .send({ vendorName: 'Renamed without a trace' });
      expect(res.status).toBe(500);
    } finally {
      await t.dataSource.query(`DROP TRIGGER refuse_audit_${vendor.id} ON audit_log`);
      await t.dataSource.query(`DROP FUNCTION refuse_audit_${vendor.id}()`);
    }
    const [{ vendorName }] = await t.dataSource.query('SELECT vendor_name AS "vendorName" FROM vendors WHERE id = $1', [
      vendor.id,
    ]);
    expect(vendorName).toBe(vendor.vendorName);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the log in the database', async () => {
    const { vendor } = await createVendor(t.app);
    await request(t.http)
      .patch(`${M}/vendors/${vendor.id}/features`)
      .set(t.manager)
      .send({ enableFullRMS: true })
      .expect(200);
    await entriesOf(vendor.id, 1);
    await expect(
      t.dataSource.query(`UPDATE audit_log SET action = 'rewritten' WHERE vendor_id = $1`, [vendor.id]),
    ).rejects.toThrow(/append-only/);
    await expect(t.dataSource.query('DELETE FROM audit_log WHERE vendor_id = $1', [vendor.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.dataSource.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect(await entriesOf(vendor.id, 1)).toHaveLength(1);
  });

  it('lets the retention switch DELETE only entries past its cutoff, never UPDATE one', async () => {
    const { vendor } = await createVendor(t.app);
    await request(t.http)
      .patch(`${M}/vendors/${vendor.id}/features`)
      .set(t.manager)
      .send({ enableFullRMS: true })
      .expect(200);
    await entriesOf(vendor.id, 1);
    /** Runs `sql` in a transaction that set the switch as the retention pass does, with `cutoff`. */
    const asRetention = (cutoff: string, sql: string) =>
      t.dataSource.transaction(async (manager) => {
        await manager.query(`SELECT set_config('app.audit_retention', $1, true)`, [cutoff]);
        await manager.query(sql, [vendor.id]);
      });
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    for (const cutoff of [yearAgo, tomorrow, 'on']) {
      await expect(
        asRetention(cutoff, `UPDATE audit_log SET action = 'rewritten' WHERE vendor_id = $1`),
      ).rejects.toThrow(/append-only/);
    }
    // The entry is newer than a year: not past retention, so not deleted, even with the switch on.
    for (const cutoff of [yearAgo, 'on']) {
      await expect(asRetention(cutoff, 'DELETE FROM audit_log WHERE vendor_id = $1')).rejects.toThrow(/append-only/);
    }
    expect((await entriesOf(vendor.id, 1)).map((entry) => entry.action)).not.toContain('rewritten');
    // Past a cutoff it is older than, the pass may delete it.
    await asRetention(tomorrow, 'DELETE FROM audit_log WHERE vendor_id = $1');
    expect(await t.dataSource.query('SELECT id FROM audit_log WHERE vendor_id = $1', [vendor.id])).toEqual([]);
  });

  it('pages oldest first by cursor, and refuses a bad cursor and vendor tokens', async () => {
    const { vendor, token } = await createVendor(t.app);
    for (const enableFullRMS of [true, false, true])
      await request(t.http)
        .patch(`${M}/vendors/${vendor.id}/features`)
        .set(t.manager)
        .send({ enableFullRMS })
        .expect(200);
    await entriesOf(vendor.id, 3);
    const first = await request(t.http).get(`${M}/audit-log`).query({ vendorId: vendor.id, limit: 2 }).set(t.manager);
    expect(first.body.data).toMatchObject({ hasMore: true, nextAfter: first.body.data.content[1].id });
    const second = await request(t.http)
      .get(`${M}/audit-log`)
      .query({ vendorId: vendor.id, limit: 2, after: first.body.data.nextAfter })
      .set(t.manager);
    expect(second.body.data.content).toHaveLength(1);
    expect(second.body.data.hasMore).toBe(false);
    expect(Number(second.body.data.content[0].id)).toBeGreaterThan(Number(first.body.data.nextAfter));

    await request(t.http).get(`${M}/audit-log`).query({ after: '999999999' }).set(t.manager).expect(400);
    await request(t.http).get(`${M}/audit-log`).query({ after: 'x1' }).set(t.manager).expect(400);
    await request(t.http).get(`${M}/audit-log`).query({ limit: 101 }).set(t.manager).expect(400);
    await request(t.http).get(`${M}/audit-log`).set(bearer(token)).expect(403);
  });

  it('records the tokens the command line issues, without the token', async () => {
    const { vendor } = await createVendor(t.app);
    const result = await runCli(['vendor-token', '--vendor-id', String(vendor.id)]);
    expect(result.code).toBe(0);
    const entries = await entriesOf(vendor.id, 1);
    expect(
      entries.map(({ action, actor, target, requestId, fields }) => ({ action, actor, target, requestId, fields })),
    ).toEqual([
      {
        action: 'cli vendor-token',
        actor: { type: 'cli', id: null },
        target: { type: 'vendor', id: String(vendor.id) },
        requestId: null,
        fields: ['vendorId'],
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(result.stdout.trim());
  });
});
