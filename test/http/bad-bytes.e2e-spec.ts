import request from 'supertest';
import { MAX_FIELD_ERRORS, MAX_FIELD_MESSAGE, MAX_FIELD_NAME } from '../../src/common/validation/invalid-request';
import { expectError } from '../support/envelope-assertions';
import { bearer, createVendor } from '../support/factories';
import {
  type Fields,
  SHARED_SENDER,
  messageSid,
  postFields,
  providerSignature,
  useSmsTestBed,
} from '../support/sms-inbound';
import { MANAGER_API, VENDOR_API } from '../support/api-paths';

jest.setTimeout(60_000);

const sms = useSmsTestBed('bad_bytes');
const MANAGER_VENDORS = `${MANAGER_API}/vendors`;

/** A JSON body `{"<name>": "<before><bytes><after>"}` with raw bytes in its string. */
const jsonWithBytes = (name: string, bytes: number[]): Buffer =>
  Buffer.concat([Buffer.from(`{"${name}": "Maple `), Buffer.from(bytes), Buffer.from(' Co"}')]);

/** superagent's serializer for bytes to be sent as they are. */
const asSent = (bytes: Buffer): string => bytes as unknown as string;

/** Addresses the outbox (any SMTP server) would not take as they are, or with no dotted letter domain. */
const NOT_ADDRESSES = [
  '"a\r\nb"@example.com',
  '"a b"@example.com',
  'a\r\nb@example.com',
  'a@example',
  'a@example.c0m',
  'a@[127.0.0.1]',
  'a..b@example.com',
  '.a@example.com',
  'a@-example.com',
  'a@example.com\u0000',
  'a(comment)@example.com',
  'Name <a@example.com>',
  'a@example.com, b@example.com',
];

describe('Bad bytes and bad addresses: a 400 (dropped from the SMS provider’s signed form), never a 500 (e2e)', () => {
  const http = () => sms.bed.t.http;
  const count = async (table: string): Promise<number> =>
    Number((await sms.bed.t.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

  describe('the SMS provider webhook (a form, its fields taken raw, bad bytes dropped)', () => {
    const fields = (body: string): Fields => [
      ['MessageSid', messageSid()],
      ['AccountSid', 'AC0123456789'],
      ['From', '+14165550199'],
      ['To', SHARED_SENDER],
      ['Body', body],
    ];

    /** What was stored for the call, and whether the phone can still be texted by a vendor. */
    const outcome = async (sid: string, phone: string) => {
      const rows: { body: string; kind: string }[] = await sms.bed.t.dataSource.query(
        'SELECT body, kind FROM inbound_sms WHERE message_sid = $1',
        [sid],
      );
      const vendor = await sms.bed.vendor({ features: ['enableStandaloneReviewBooster'] });
      const texted = await request(http())
        .post(`${VENDOR_API}/review-requests`)
        .set(vendor.auth)
        .send({ firstName: 'Al', phone });
      return { rows, optedOut: texted.status === 409 };
    };

    it.each([
      ['a NUL after the keyword', 'STOP\u0000', '+14165550191'],
      ['NULs around and inside', '\u0000ST\u0000OP\u0000', '+14165550192'],
    ])(
      'takes a signed STOP with %s: 200 TwiML, the phone opted out, the text stored without them',
      async (_case, body, from) => {
        const sent = fields(body).map(([name, value]): [string, string] => [name, name === 'From' ? from : value]);
        const res = await postFields(http(), sent).expect(200);
        expect(res.headers['content-type']).toMatch(/^text\/xml/);
        expect(res.text).toContain('<Response');
        expect(await outcome(sent[0][1], from)).toEqual({ rows: [{ body: 'STOP', kind: 'STOP' }], optedOut: true });
      },
    );

    it('still refuses an unsigned call with a NUL (403), and records nothing', async () => {
      const before = await count('inbound_sms');
      expectError(await postFields(http(), fields('STOP\u0000'), { signature: null }), 403, /X-Twilio-Signature/);
      expect(await count('inbound_sms')).toBe(before);
    });

    it('takes a signed STOP followed by bytes that are not UTF-8, dropping them', async () => {
      const sid = messageSid();
      const from = '+14165550193';
      const prefix = `AccountSid=AC0123456789&Body=STOP`;
      const rest = `&From=${encodeURIComponent(from)}&MessageSid=${sid}&To=${encodeURIComponent(SHARED_SENDER)}`;
      const form = Buffer.concat([Buffer.from(prefix), Buffer.from([0xff, 0xfe]), Buffer.from(rest)]);
      // The provider signs the fields as they decode: each byte that is not UTF-8 is U+FFFD there.
      const signed: Fields = [
        ['AccountSid', 'AC0123456789'],
        ['Body', 'STOP\uFFFD\uFFFD'],
        ['From', from],
        ['MessageSid', sid],
        ['To', SHARED_SENDER],
      ];
      const res = await request(http())
        .post('/sms/inbound')
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .set('X-Twilio-Signature', providerSignature(signed))
        .serialize(asSent)
        .send(form)
        .expect(200);
      expect(res.text).toContain('<Response');
      expect(await outcome(sid, from)).toEqual({ rows: [{ body: 'STOP', kind: 'STOP' }], optedOut: true });
    });
  });

  describe('JSON bodies, paths and queries, on every route alike', () => {
    it.each([
      ['an invalid byte', [0xff]],
      ['a truncated sequence', [0xe2, 0x82]],
      ['an overlong encoding of NUL', [0xc0, 0x80]],
      ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ])('refuses a JSON body with %s, and changes nothing', async (_case, bytes) => {
      const { vendor } = await createVendor(sms.bed.t.app);
      const patch = await request(http())
        .patch(`${MANAGER_VENDORS}/${vendor.id}`)
        .set(sms.bed.manager)
        .set('Content-Type', 'application/json')
        .serialize(asSent)
        .send(jsonWithBytes('vendorName', bytes));
      expectError(patch, 400, /not valid UTF-8/);
      const [after] = await sms.bed.t.dataSource.query('SELECT vendor_name FROM vendors WHERE id = $1', [vendor.id]);
      expect(after.vendor_name).toBe(vendor.vendorName);
    });

    it.each([
      ['a NUL in a path', `${MANAGER_VENDORS}/1%00`],
      ['bytes that are not UTF-8 in a path', `${MANAGER_VENDORS}/%FF`],
      ['a NUL in an unknown path', '/nowhere/%00'],
      ['a NUL in a query', `${MANAGER_VENDORS}?page=1&x=%00`],
      ['a NUL in a query name', '/health/live?%00=1'],
    ])('refuses %s with 400', async (_case, path) => {
      expectError(await request(http()).get(path).set(sms.bed.manager), 400, /encoded|NUL/);
    });
  });

  it('answers 20 unknown keys of 4,900 characters each briefly: every name and message cut, the details capped', async () => {
    const { vendor } = await createVendor(sms.bed.t.app);
    const body = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${i}`.padEnd(4_900, 'k'), 'v']));
    const res = await request(http()).patch(`${MANAGER_VENDORS}/${vendor.id}`).set(sms.bed.manager).send(body);
    expectError(res, 400, /^Invalid request: property /);
    const details = res.body.details as { field: string; message: string }[];
    expect(details.length).toBeLessThanOrEqual(MAX_FIELD_ERRORS);
    for (const { field, message } of details) {
      expect(Array.from(field).length).toBeLessThanOrEqual(MAX_FIELD_NAME);
      expect(Array.from(message).length).toBeLessThanOrEqual(MAX_FIELD_MESSAGE);
    }
    expect(res.text.length).toBeLessThan(20_000);
  });

  describe('e-mail addresses: one rule, the one the outbox applies', () => {
    it.each(NOT_ADDRESSES.map((address) => [JSON.stringify(address), address]))(
      'refuses %s as a lead-alert address, and every lead assignment to the vendor still succeeds',
      async (_case, address) => {
        const { vendor, token } = await createVendor(sms.bed.t.app);
        const put = await request(http())
          .put('/rest-api-v1/lead-alerts')
          .set(bearer(token))
          .send({ email: address, emailEnabled: true });
        expect(put.status).toBe(400);
        expect(put.body.details.map((d: { field: string }) => d.field)).toContain('email');
        const lead = await request(http()).post(`${MANAGER_VENDORS}/${vendor.id}/leads`).set(sms.bed.manager).send({
          category: 'Deck',
          customerName: 'Jane',
          projectDetailsHtml: '<p>Deck</p>',
          originalJobDescription: 'A deck.',
        });
        expect(lead.status).toBe(201);
      },
    );

    it.each(['jane.o-neil+deck@example.com', "o'brien@sub.example.co.uk", 'A_B@EXAMPLE.ORG'])(
      'takes %s',
      async (address) => {
        const { token } = await createVendor(sms.bed.t.app);
        const put = await request(http())
          .put('/rest-api-v1/lead-alerts')
          .set(bearer(token))
          .send({ email: address, emailEnabled: true });
        expect(put.status).toBe(200);
      },
    );
  });
});
