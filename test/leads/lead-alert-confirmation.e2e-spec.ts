import request from 'supertest';
import { MAX_CODE_ATTEMPTS } from '../../src/lead-alerts/lead-alert-codes';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';
import { waitUntil } from '../support/net';
import { type Account, OwnDatabaseApp } from '../support/own-database-app';
import { e164, smsSettings, text } from '../support/sms-inbound';
import { SmsProviderStub } from '../support/sms-provider-stub';
import { SmtpSink } from '../support/smtp-sink';

jest.setTimeout(120_000);

let bed: OwnDatabaseApp;
let sink: SmtpSink;
let sms: SmsProviderStub;

beforeAll(async () => {
  [sink, sms] = await Promise.all([SmtpSink.start(), SmsProviderStub.start()]);
  bed = await OwnDatabaseApp.start('lead_alert_confirmation', {
    ...smsSettings(sms),
    SMTP_URL: sink.url,
    MAIL_FROM: 'reviews@operator.example',
    AUTOMATION_INTERVAL_MS: '3600000',
  });
});

afterAll(async () => {
  await bed?.close();
  await Promise.all([sink?.stop(), sms?.close()]);
});

let lastPhone = 0;
const newPhone = (): string => `819-555-${1000 + ++lastPhone}`;
const CODE = /\b(\d{6})\b/;

interface Settings {
  email: string;
  phone: string | null;
  smsEnabled: boolean;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
}

const put = (vendor: Account, body: object) =>
  request(bed.t.http).put(`${V}/lead-alerts`).set(vendor.auth).send(body).expect(200);
const confirm = (vendor: Account, code: string) =>
  request(bed.t.http).post(`${V}/lead-alerts/confirm`).set(vendor.auth).send({ code });
const assign = async (vendor: Account): Promise<number> => {
  const res = await request(bed.t.http)
    .post(`${M}/vendors/${vendor.id}/leads`)
    .set(bed.manager)
    .send({
      category: 'Deck',
      customerName: 'Jane',
      customerEmail: 'jane@customer.example',
      projectDetailsHtml: '<p>A deck.</p>',
      originalJobDescription: 'A deck.',
    })
    .expect(201);
  return (res.body as { data: { id: number } }).data.id;
};

/** The code the last text to `phone` carried, once it has left. */
async function textedCode(phone: string, count = 1): Promise<string> {
  await waitUntil(() => Promise.resolve(sms.messagesTo(e164(phone)).length >= count));
  return CODE.exec(sms.messagesTo(e164(phone)).at(-1)!.form.Body)![1];
}

/** Whether an alert of `leadId` left (by text to `phone`, or by e-mail to `address`), once the outbox settled. */
async function alerted(leadId: number, to: { phone?: string; address?: string }): Promise<boolean> {
  await waitUntil(async () => {
    const rows: unknown[] = await bed.t.dataSource.query(
      `SELECT 1 FROM notification_outbox WHERE subject_id = $1 AND purpose = 'LEAD_ALERT' AND status = 'PENDING'`,
      [leadId],
    );
    return rows.length === 0;
  });
  const about = new RegExp(`lead ${leadId}\\b`, 'i');
  if (to.phone) return sms.messagesTo(e164(to.phone)).some((m) => about.test(m.form.Body));
  return sink.to(to.address!).some((mail) => about.test(mail.parsed.subject ?? ''));
}

describe('Lead alert contacts are used only once confirmed (e2e)', () => {
  it('a new phone and e-mail get a code each; alerts reach them only once confirmed, by either API', async () => {
    const vendor = await bed.vendor();
    const phone = newPhone();
    const other = `dispatch-${phone}@acme.example`;
    const set = (await put(vendor, { email: other, phone, smsEnabled: true })).body.data as Settings;
    expect(set).toMatchObject({ email: other, phone, emailConfirmed: false, phoneConfirmed: false });

    const smsCode = await textedCode(phone);
    await waitUntil(() => Promise.resolve(sink.to(other).length === 1));
    const mailed = sink.to(other)[0];
    const emailCode = CODE.exec(mailed.parsed.text ?? '')![1];
    expect(mailed.parsed.text).toContain(vendor.entity.vendorName);
    // Stored hashed: neither code is in the table.
    const stored: { codeHash: string }[] = await bed.t.dataSource.query(
      `SELECT code_hash AS "codeHash" FROM lead_alert_codes WHERE vendor_id = $1`,
      [vendor.id],
    );
    expect(stored).toHaveLength(2);
    for (const { codeHash } of stored) expect(codeHash).not.toMatch(new RegExp(`${smsCode}|${emailCode}`));

    // Until confirmed: the e-mail goes to the account's address, nothing to the phone.
    const first = await assign(vendor);
    expect(await alerted(first, { address: vendor.entity.email })).toBe(true);
    expect(await alerted(first, { address: other })).toBe(false);
    expect(await alerted(first, { phone })).toBe(false);

    const confirmed = await confirm(vendor, smsCode).expect(200);
    expect(confirmed.body.data).toMatchObject({ phoneConfirmed: true, emailConfirmed: false });
    const byManager = await request(bed.t.http)
      .post(`${M}/vendors/${vendor.id}/lead-alerts/confirm`)
      .set(bed.manager)
      .send({ code: emailCode })
      .expect(200);
    expect(byManager.body.data).toMatchObject({ phoneConfirmed: true, emailConfirmed: true });
    // A code confirms once.
    await confirm(vendor, smsCode).expect(409);

    const second = await assign(vendor);
    expect(await alerted(second, { phone })).toBe(true);
    expect(await alerted(second, { address: other })).toBe(true);

    // Saved again as they are: still confirmed, no new code.
    const texts = sms.messagesTo(e164(phone)).length;
    expect((await put(vendor, { email: other, phone, smsEnabled: true })).body.data).toMatchObject({
      emailConfirmed: true,
      phoneConfirmed: true,
    });
    // A STOP from that phone stops the alerts to it.
    await text(bed.t.http, e164(phone), 'STOP').expect(200);
    const third = await assign(vendor);
    expect(await alerted(third, { address: other })).toBe(true);
    expect(await alerted(third, { phone })).toBe(false);
    expect(sms.messagesTo(e164(phone))).toHaveLength(texts);
  });

  it('bounds the guesses: wrong codes void the code waiting, which then confirms nothing', async () => {
    const vendor = await bed.vendor();
    const phone = newPhone();
    await put(vendor, { phone, smsEnabled: true });
    const code = await textedCode(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    // Every other try by a manager, whose writes run in the audit's transaction: a refused try still counts.
    const byManager = () =>
      request(bed.t.http).post(`${M}/vendors/${vendor.id}/lead-alerts/confirm`).set(bed.manager).send({ code: wrong });
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
      const refused = await (attempt % 2 ? byManager() : confirm(vendor, wrong)).expect(409);
      expect(refused.body.error).toMatch(/not the one sent/);
    }
    const late = await confirm(vendor, code).expect(409);
    expect(late.body.error).toMatch(/No confirmation code is waiting/);
    const settings = await request(bed.t.http).get(`${V}/lead-alerts`).set(vendor.auth).expect(200);
    expect(settings.body.data).toMatchObject({ phoneConfirmed: false });
    await confirm(vendor, '12345').expect(400);
  });

  it('the account’s own e-mail needs no code; a phone that texted STOP is sent none', async () => {
    const vendor = await bed.vendor();
    const phone = newPhone();
    await text(bed.t.http, e164(phone), 'STOP').expect(200);
    const set = await put(vendor, { email: vendor.entity.email, phone, smsEnabled: true });
    expect(set.body.data).toMatchObject({ emailConfirmed: true, phoneConfirmed: false });
    const rows: unknown[] = await bed.t.dataSource.query(`SELECT 1 FROM lead_alert_codes WHERE vendor_id = $1`, [
      vendor.id,
    ]);
    expect(rows).toEqual([]);
  });
});
