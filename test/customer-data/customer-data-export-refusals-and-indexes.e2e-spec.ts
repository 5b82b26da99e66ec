import request from 'supertest';
import { useCustomerDataBed } from '../support/customer-data-bed';
import { planNodes } from '../support/query-plan';
import { Sql } from '../../src/database/sql';
import { e164, text } from '../support/sms-inbound';
import { type Account, type OwnDatabaseApp } from '../support/own-database-app';
import { MANAGER_API as M } from '../support/api-paths';

jest.setTimeout(90_000);

describe('Customer data rights: export, refusals and indexes (e2e)', () => {
  const { state, person, personWithRecords } = useCustomerDataBed('customer_data_export_refusals');
  let bed: OwnDatabaseApp;
  let a: Account;
  let b: Account;
  beforeAll(() => {
    ({ bed, a, b } = state);
  });

  it('keeps no copy of an export under its Idempotency-Key: a repeat runs again and shows what is held now', async () => {
    const p = person();
    const ask = () =>
      request(bed.t.http)
        .post(`${M}/customer-data/export`)
        .set(bed.manager)
        .set('Idempotency-Key', `export-${p.tag}`)
        .send({ email: p.email });
    const before = await ask().expect(200);
    expect(before.body.data.leads).toEqual([]);
    await request(bed.t.http)
      .post(`${M}/vendors/${a.id}/leads`)
      .set(bed.manager)
      .send({
        category: 'Roofing',
        customerName: p.name,
        customerEmail: p.email,
        projectDetailsHtml: '<p>Roof</p>',
        originalJobDescription: 'Roof',
      })
      .expect(201);
    const again = await ask().expect(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.data.leads).toEqual([expect.objectContaining({ customerName: p.name })]);
    const kept = await bed.t.dataSource.query(`SELECT key FROM idempotency_keys WHERE key = $1`, [`export-${p.tag}`]);
    expect(kept).toEqual([]);
  });

  it('checks its Idempotency-Key as every other write does: non-ASCII, a tab or 256 characters is a 400', async () => {
    // Set as raw header bytes: Node's client refuses a header value outside Latin-1 only.
    for (const key of ['clé-é', 'a\tb', 'k'.repeat(256)]) {
      const res = await request(bed.t.http)
        .post(`${M}/customer-data/export`)
        .set(bed.manager)
        .set('Idempotency-Key', key)
        .send({ email: 'nobody@example.com' });
      expect({ key, status: res.status, error: res.body.error }).toEqual({
        key,
        status: 400,
        error: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
      });
    }
    await request(bed.t.http)
      .post(`${M}/customer-data/export`)
      .set(bed.manager)
      .set('Idempotency-Key', 'k'.repeat(255))
      .send({ email: 'nobody@example.com' })
      .expect(200);
  });

  it('refuses a request naming no one, a malformed contact, and vendor tokens', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { phone: '12345' }, { email: 'a@b.example', extra: 1 }]) {
      for (const action of ['export', 'erase'])
        await request(bed.t.http).post(`${M}/customer-data/${action}`).set(bed.manager).send(body).expect(400);
    }
    for (const path of ['customer-data/export', 'customer-data/erase'])
      await request(bed.t.http).post(`${M}/${path}`).set(a.auth).send({ email: 'a@b.example' }).expect(403);
    await request(bed.t.http).get(`${M}/audit-log`).set(a.auth).expect(403);
  });

  it('finds a person through indexes on the contact columns, never by reading a whole table', async () => {
    const p = person();
    await personWithRecords(p, a, b);
    await text(bed.t.http, e164(p.phone), `Merci ${p.tag}`).expect(200);
    // Every SELECT of the export: TypeORM's (its logger sees each) and the hand-written ones (run by `Sql`).
    const statements: [string, unknown[] | undefined][] = [];
    const logQuery = jest.spyOn(bed.t.dataSource.logger, 'logQuery').mockImplementation((query, parameters) => {
      statements.push([query, parameters as unknown[] | undefined]);
    });
    const handWritten = jest.spyOn(Sql.prototype, 'run');
    try {
      await request(bed.t.http)
        .post(`${M}/customer-data/export`)
        .set(bed.manager)
        .send({ email: p.email, phone: p.phone })
        .expect(200);
      for (const [statement] of handWritten.mock.calls) statements.push([statement.sql, statement.parameters]);
    } finally {
      logQuery.mockRestore();
      handWritten.mockRestore();
    }
    const contactStatements = statements.filter(
      ([sql]) =>
        /^\s*SELECT/i.test(sql) &&
        /FROM "?(leads|lead_messages|reputation_processes|referrals|referral_conversions|notification_outbox|inbound_sms|events|contact_opt_outs)\b/.test(
          sql,
        ),
    );
    expect(contactStatements.length).toBeGreaterThanOrEqual(7);
    const used = new Set<string>();
    const runner = bed.t.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      // The tables of this test are small, where a sequential scan is cheapest; the question is whether an index serves.
      await runner.query('SET LOCAL enable_seqscan = off');
      for (const [sql, parameters] of contactStatements) {
        const nodes = planNodes(await runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters));
        expect({
          sql,
          seqScans: nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
        }).toEqual({
          sql,
          seqScans: [],
        });
        for (const node of nodes) if (node['Index Name']) used.add(node['Index Name']);
      }
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect([...used]).toEqual(
      expect.arrayContaining([
        'idx_leads_customer_email',
        'idx_leads_customer_phone',
        'idx_leads_referred_by_process',
        'idx_lead_messages_lead',
        'idx_reputation_processes_email',
        'idx_reputation_processes_phone',
        'idx_referrals_friend_email',
        'idx_referrals_friend_phone',
        'idx_referral_conversions_email',
        'idx_referral_conversions_phone',
        'idx_notification_outbox_recipient',
        'idx_inbound_sms_phone',
        'idx_inbound_sms_process',
        'idx_events_lead',
        'idx_events_process',
      ]),
    );
  });
});
