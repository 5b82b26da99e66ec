import { Writable } from 'node:stream';
import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { useCustomerDataBed } from '../support/customer-data-bed';
import { configureReviewSites } from '../support/factories';
import { waitUntil } from '../support/net';
import { spellings } from '../support/person-spellings';
import { e164, text } from '../support/sms-inbound';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(180_000);

/**
 * The promise of docs/contract.md#data-rights proved generically: a person's whole journey through every channel, its
 * failures, events, idempotent writes, referrals and texts, erased by e-mail alone; then every text,
 * JSON and binary column of every table (read from information_schema, not a list) and every line the
 * server logged are searched for any spelling of the person's name, e-mail and phone.
 */
describe('Erasure reaches every copy of a person (e2e)', () => {
  const logged: string[] = [];
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  const { state, person, outboxSettled, webhooksSettled, personWithRecords } = useCustomerDataBed('erasure_scan', {
    log,
  });

  it('leaves no spelling of the name, e-mail or phone in any column of any table, nor in the log', async () => {
    const { bed, a, b, sink, sms } = state;
    const p = person();
    await personWithRecords(p, a, b);
    await outboxSettled();

    // Failures that quote the contact: a mailbox full (e-mail) and an invalid number (SMS), at a third vendor.
    const c = await bed.vendor({ features: [...VENDOR_FEATURES] });
    await configureReviewSites(bed.t.app, c.id);
    sink.rejectRecipient = (address) =>
      address.toLowerCase() === p.email ? `552 5.2.2 <${address}>: Mailbox full` : undefined;
    sms.respond = (req) =>
      req.form.To === e164(p.phone)
        ? { status: 400, body: { code: 21211, message: `The 'To' number ${req.form.To} is not a valid phone number.` } }
        : { status: 201, body: { sid: 'SM0002', status: 'queued' } };
    await request(bed.t.http)
      .post(`${V}/review-requests`)
      .set(c.auth)
      .send({ firstName: 'Zoé', lastName: p.lastName, emailTo: p.email, phone: p.phone })
      .expect(201);

    // A lead declined with a reason naming her, by an idempotent request whose kept answer quotes it.
    const lead = await request(bed.t.http)
      .post(`${M}/vendors/${c.id}/leads`)
      .set(bed.manager)
      .send({
        category: 'Deck',
        customerName: p.name,
        customerPhone: p.phone,
        projectDetailsHtml: `<p>Deck for ${p.lastName}</p>`,
        originalJobDescription: 'Deck',
      })
      .expect(201);
    await request(bed.t.http)
      .post(`${V}/general-leads/${lead.body.data.id}/decline`)
      .set(c.auth)
      .set('Idempotency-Key', `decline-${p.tag}`)
      .send({ declineReason: `${p.lastName} wants it before Monday` })
      .expect(200);

    // Texts: a reply to the process that texted her last, and one no process took.
    await text(bed.t.http, e164(p.phone), `Merci, ${p.lastName}`).expect(200);
    await text(bed.t.http, e164(p.phone), `Allo? ${p.lastName}`, { to: '+15005550199' }).expect(200);
    await outboxSettled();
    await waitUntil(async () => {
      const [{ failed }] = await bed.t.dataSource.query(
        `SELECT count(*)::int AS failed FROM notification_outbox WHERE vendor_id = $1 AND status = 'FAILED'`,
        [c.id],
      );
      return failed === 2;
    }, 30_000);
    await webhooksSettled();

    // By e-mail alone: the phone is reached through the records that hold both.
    const erased = await request(bed.t.http).post(`${M}/customer-data/erase`).set(bed.manager).send({ email: p.email });
    expect(erased.status).toBe(200);
    expect(erased.body.data.linkedContacts).toBeGreaterThanOrEqual(1);
    await webhooksSettled();

    const columns: { table: string; column: string; type: string }[] = await bed.t.dataSource.query(
      `SELECT table_name AS table, column_name AS column, data_type AS type FROM information_schema.columns c
        JOIN information_schema.tables t USING (table_schema, table_name)
       WHERE table_schema = 'public' AND t.table_type = 'BASE TABLE'
         AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY', 'USER-DEFINED')
       ORDER BY 1, 2`,
    );
    expect(columns.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const { table, column, type } of columns) {
      const asText = type === 'bytea' ? `encode("${column}", 'escape')` : `"${column}"::text`;
      for (const { name, pattern } of spellings(p)) {
        const rows: { row: string }[] = await bed.t.dataSource.query(
          `SELECT ctid::text AS row FROM "${table}" WHERE ${asText} ~* $1 LIMIT 3`,
          [pattern],
        );
        for (const { row } of rows) found.push(`${table}.${column} row ${row} holds the ${name}`);
      }
    }
    expect(found).toEqual([]);

    // The log of the whole journey, flushed: no line holds any spelling either.
    const lines = logged.join('').split('\n');
    expect(lines.length).toBeGreaterThan(10);
    const leaks = lines.filter((line) => spellings(p).some(({ pattern }) => new RegExp(pattern, 'i').test(line)));
    expect(leaks).toEqual([]);
  });
});
