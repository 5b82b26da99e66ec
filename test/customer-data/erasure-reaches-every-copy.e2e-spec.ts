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
 * The tables with text, JSON or binary columns that never hold a person's data, each with the reason:
 * every other such table must hold the person before the erasure (the journey fills it), so that the
 * scan after it proves something of every table.
 */
const HOLDS_NO_CUSTOMER_DATA: Record<string, string> = {
  migrations: 'the schema history',
  managers: "the operator's staff",
  vendors: "the vendors' own accounts",
  vendor_images: "the vendors' images",
  image_files: "the vendors' image files",
  required_doc_types: 'the document types the operator requires',
  review_settings: "the vendors' review texts and sites",
  review_locations: "the vendors' review sites by location",
  automation_settings: "the vendors' automation choices",
  lead_alert_settings: "the vendors' alert recipients",
  lead_alert_codes: "hashed codes confirming a vendor's own alert contacts (its staff's e-mail or phone)",
  api_keys: "the accounts' API keys: names, scopes, hashes and times",
  webhook_endpoints: "the vendors' and managers' receivers",
  audit_log: 'a contact is named by its keyed hash, never the contact',
  contact_suppressions: 'keyed hashes of erased contacts, written by the erasure itself',
  job_won_review_requests: "a won lead's scheduled request: ids, times and an outcome (enumerations only)",
  lead_re_alerts: "a lead's re-alert: ids, times and an outcome (enumerations only)",
  process_reminders: "a process's reminders: ids, times, channels and an outcome (enumerations only)",
  referral_requests: "a process's referral request: ids, times and a channel (enumerations only)",
  reputation_events: "a process's steps: ids, times, types, platforms and channels (enumerations only)",
  reputation_event_days: 'counts per vendor and day',
  reputation_event_days_pending: 'counts per vendor and day, not yet added up',
  reputation_process_days: 'counts per vendor and day',
  reputation_process_days_pending: 'counts per vendor and day, not yet added up',
  referral_request_days: 'counts per vendor and day',
  referral_request_days_pending: 'counts per vendor and day, not yet added up',
};

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

  /** Every table with a text, JSON or binary column, with those columns. */
  async function textualColumns(): Promise<{ table: string; column: string; type: string }[]> {
    return state.bed.t.dataSource.query(
      `SELECT table_name AS table, column_name AS column, data_type AS type FROM information_schema.columns c
        JOIN information_schema.tables t USING (table_schema, table_name)
       WHERE table_schema = 'public' AND t.table_type = 'BASE TABLE'
         AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY', 'USER-DEFINED')
       ORDER BY 1, 2`,
    );
  }

  async function textualTables(): Promise<string[]> {
    return [...new Set((await textualColumns()).map(({ table }) => table))];
  }

  /** Where any spelling of the person is held: `table.column row … holds the …`, at most three rows a spelling. */
  async function spellingsIn(p: ReturnType<typeof person>): Promise<string[]> {
    const columns = await textualColumns();
    expect(columns.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const { table, column, type } of columns) {
      const asText = type === 'bytea' ? `encode("${column}", 'escape')` : `"${column}"::text`;
      for (const { name, pattern } of spellings(p)) {
        const rows: { row: string }[] = await state.bed.t.dataSource.query(
          `SELECT ctid::text AS row FROM "${table}" WHERE ${asText} ~* $1 LIMIT 3`,
          [pattern],
        );
        for (const { row } of rows) found.push(`${table}.${column} row ${row} holds the ${name}`);
      }
    }
    return found;
  }

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
    // A STOP: the phone's opt-out from every vendor's texts.
    await text(bed.t.http, e164(p.phone), 'STOP').expect(200);
    // Then START to the number that texted it: the opt-out lifted for that vendor alone.
    await text(bed.t.http, e164(p.phone), 'START').expect(200);
    await outboxSettled();
    await waitUntil(async () => {
      const [{ failed }] = await bed.t.dataSource.query(
        `SELECT count(*)::int AS failed FROM notification_outbox WHERE vendor_id = $1 AND status = 'FAILED'`,
        [c.id],
      );
      return failed === 2;
    }, 30_000);
    await webhooksSettled();

    // Before: every table that can hold text, JSON or bytes holds the person somewhere (or says why it
    // never does), so the scan afterwards cannot pass for a table the journey never filled.
    const holding = new Set((await spellingsIn(p)).map((trace) => trace.split('.')[0]));
    const tables = await textualTables();
    expect(tables.length).toBeGreaterThan(20);
    const unfilled = tables.filter((table) => !holding.has(table) && !(table in HOLDS_NO_CUSTOMER_DATA));
    expect(unfilled).toEqual([]);
    // A table declared as never holding the person does not hold them (else it is not what it says).
    expect([...holding].filter((table) => table in HOLDS_NO_CUSTOMER_DATA)).toEqual([]);

    // By e-mail alone: the phone is reached through the records that hold both.
    const erased = await request(bed.t.http).post(`${M}/customer-data/erase`).set(bed.manager).send({ email: p.email });
    expect(erased.status).toBe(200);
    expect(erased.body.data.linkedContacts).toBeGreaterThanOrEqual(1);
    await webhooksSettled();

    const afterwards = await spellingsIn(p);
    expect(afterwards).toEqual([]);

    // The log of the whole journey, flushed: no line holds any spelling either.
    const lines = logged.join('').split('\n');
    expect(lines.length).toBeGreaterThan(10);
    const leaks = lines.filter((line) => spellings(p).some(({ pattern }) => new RegExp(pattern, 'i').test(line)));
    expect(leaks).toEqual([]);
  });
});
