import type { LeadAlertSettingsDto } from '../../src/lead-alerts/dto/lead-alert-settings.dto';
import { confirmedAlertContacts } from '../support/lead-alert-contacts';
import request from 'supertest';
import { bearer, createAdmin, createVendor } from '../support/factories';
import { NotificationHarness, eventually } from '../support/notification-harness';
import { messagesOf } from '../support/outbox';
import type { TestApp } from '../support/test-app';
import { writtenExpiry } from '../../src/lead-alerts/lead-alert-message';
import { smsSize } from '../../src/notifications/rendering/sms-segments';

jest.setTimeout(60_000);

const h = new NotificationHarness('alerts');
const LEAD_URL = 'https://portal.example.com/leads/{leadId}';
const ALERT_PHONE = '416-555-0142';
const ALERT_SMS_TO = '+14165550142';
const CUSTOMER = {
  customerName: 'Jane Homeowner',
  customerEmail: 'jane.homeowner@customer.example',
  customerPhone: '(647) 555-0199',
  customerAddress: '12 Queen St W, Toronto, ON',
};
const DESCRIPTION =
  'We want a new kitchen before the summer: cabinets, counters and a tiled backsplash, about 200 sq ft. ' +
  'Call me at 647 555 0199 or write to jane.homeowner@customer.example; we live at 12 Queen St W, Toronto, ON. ' +
  'Evenings are best.';

/** docs/contract.md#speed-to-lead: the vendor's people hear of a new lead at once, by e-mail and SMS, without the customer's contact details. */
describe('Lead alerts (e2e)', () => {
  let t: TestApp;
  let managerToken: string;

  beforeAll(async () => {
    await h.start();
    t = await h.bootApp({ LEAD_ALERT_URL: LEAD_URL });
    managerToken = (await createAdmin(t.app)).token;
  });
  afterAll(async () => {
    await t?.close();
    await h.stop();
  });
  afterEach(() => {
    h.sms.respond = () => ({ status: 201, body: { sid: 'SM0001', status: 'queued' } });
  });

  async function alertedVendor(alerts: LeadAlertSettingsDto, options: Parameters<typeof createVendor>[1] = {}) {
    const created = await createVendor(t.app, options);
    await confirmedAlertContacts(t.dataSource, created.vendor.id, alerts);
    await request(t.http)
      .put(`/rest-manager-api-v1/vendors/${created.vendor.id}/lead-alerts`)
      .set(bearer(managerToken))
      .send(alerts)
      .expect(200);
    return created;
  }

  async function assign(vendorId: number, overrides: object = {}): Promise<{ id: number; dateCreated: string }> {
    const res = await request(t.http)
      .post(`/rest-manager-api-v1/vendors/${vendorId}/leads`)
      .set(bearer(managerToken))
      .send({
        category: 'Kitchen renovation',
        projectDetailsHtml: '<p>Full kitchen remodel.</p>',
        originalJobDescription: DESCRIPTION,
        ...CUSTOMER,
        ...overrides,
      })
      .expect(201);
    return res.body.data as { id: number; dateCreated: string };
  }

  function expectNoContactDetails(text: string): void {
    for (const detail of [CUSTOMER.customerEmail, '647', '0199', 'Queen St', 'jane.homeowner']) {
      expect(text).not.toContain(detail);
    }
  }

  it('alerts by e-mail and SMS at once, with the category, the start of the job, the lead, its expiry and the link, never the contact details', async () => {
    const { vendor } = await alertedVendor({ phone: ALERT_PHONE, smsEnabled: true }, { vendorName: 'Acme Kitchens' });
    const lead = await assign(vendor.id);
    const link = `https://portal.example.com/leads/${lead.id}`;

    const [mail] = await eventually(() => h.sink.to(vendor.email).length > 0 && h.sink.to(vendor.email), 'the e-mail');
    const [sms] = await eventually(
      () => h.sms.messagesTo(ALERT_SMS_TO).length > 0 && h.sms.messagesTo(ALERT_SMS_TO),
      'the SMS',
    );

    expect(mail.parsed.subject).toBe(`New lead ${lead.id}: Kitchen renovation`);
    const text = mail.parsed.text!;
    expect(text).toContain('A new lead was just assigned to Acme Kitchens.');
    expect(text).toContain('Category: Kitchen renovation');
    expect(text).toContain('Job: We want a new kitchen before the summer: cabinets, counters and a tiled backsplash');
    expect(text).toContain('[contact hidden]');
    expect(text).toContain(`Lead: ${lead.id}`);
    // Expires LEAD_EXPIRY_HOURS (72) after the assignment, written in the vendor's time zone and language.
    const expiry = new Date(new Date(lead.dateCreated).getTime() + 72 * 3_600_000);
    const written = writtenExpiry('en', expiry, 'America/Toronto', ' ');
    expect(written).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [ap]\.m\. E[SD]T$/);
    expect(text).toContain(`Expires: ${written.replace(/ /g, '\u00a0').replace('\u00a0at\u00a0', ' at ')}, unless`);
    expect(text).toContain(`Open the lead: ${link}`);
    expect(text).toContain('Sent by Leads Co.');
    expect(mail.parsed.html).toContain(`<a class="link" href="${link}"`);
    expect(mail.parsed.html).toContain('<meta name="color-scheme" content="light dark">');
    // Not a customer message: no unsubscribe header.
    expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false);
    expectNoContactDetails(`${mail.parsed.subject}\n${text}\n${mail.parsed.html as string}`);

    const body = sms.form.Body;
    expect(body).toMatch(
      new RegExp(`^Leads Co: new lead ${lead.id} for Acme Kitchens: Kitchen renovation\\. "We want a new kitchen`),
    );
    expect(body).toContain(`Expires ${written}.`);
    expect(body.endsWith(` ${link}`)).toBe(true);
    expect(smsSize(body).encoding).toBe('GSM-7');
    expect(smsSize(body).segments).toBeLessThanOrEqual(4);
    const quoted = /"([^"]*)"/.exec(body)![1];
    expect(quoted.length).toBeLessThanOrEqual(160);
    expect(quoted.endsWith('...')).toBe(true);
    expectNoContactDetails(body);

    // Marked SENT once each provider has answered.
    await eventually(
      async () => (await messagesOf(t.app, 'LEAD_ALERT', lead.id)).every((m) => m.status === 'SENT'),
      'both marked SENT',
    );
    expect((await messagesOf(t.app, 'LEAD_ALERT', lead.id)).map((m) => m.channel)).toEqual(['EMAIL', 'SMS']);
  });

  it('alerts a French-speaking vendor in French, its name as spelled (UCS-2 rather than "Coté")', async () => {
    const vendorName = 'Rénovations Côté & Fils Québec';
    const { vendor } = await alertedVendor(
      { phone: ALERT_PHONE, smsEnabled: true },
      { vendorName, provinceName: 'Québec' },
    );
    const lead = await assign(vendor.id);
    const [mail] = await eventually(() => h.sink.to(vendor.email).length > 0 && h.sink.to(vendor.email), 'the e-mail');
    const sms = await eventually(
      () => h.sms.messagesTo(ALERT_SMS_TO).find((m) => m.form.Body.includes(`demande ${lead.id} `)),
      'the SMS',
    );
    expect(mail.parsed.subject).toBe(`Nouvelle demande de soumission\u00a0: Kitchen renovation (numéro ${lead.id})`);
    expect(mail.parsed.text).toContain(`Numéro de la demande\u00a0: ${lead.id}`);
    expect(mail.parsed.text).toMatch(
      /Expire le \d{1,2}\u00a0\S+\u00a0\d{4} à [1-9]?\d\u00a0h\u00a0\d{2}\u00a0HN?[EA]\S* si elle n’a pas été acceptée/,
    );
    expect(sms.form.Body).toContain(`Leads Co : nouvelle demande ${lead.id} pour ${vendorName}, Kitchen renovation.`);
    expect(sms.form.Body).toMatch(/ Expire le \d{1,2} \S+ \d{4} à [1-9]?\d h \d{2} /);
    expect(smsSize(sms.form.Body).encoding).toBe('UCS-2');
  });

  it("alerts at any hour: quiet hours are for customers, not the vendor's people", async () => {
    const { vendor } = await alertedVendor({});
    // Quiet all day in UTC but the last minute.
    await request(t.http)
      .patch(`/rest-manager-api-v1/vendors/${vendor.id}/automation-settings`)
      .set(bearer(managerToken))
      .send({ quietHoursStart: '00:00', quietHoursEnd: '23:59', timeZone: 'UTC' })
      .expect(200);
    const lead = await assign(vendor.id);
    await eventually(() => h.sink.to(vendor.email).length > 0, 'the e-mail');
    expect(h.sink.to(vendor.email)[0].parsed.subject).toBe(`New lead ${lead.id}: Kitchen renovation`);
  });

  it('alerts only on the channels switched on, and a deactivated vendor not at all', async () => {
    const none = await alertedVendor({ emailEnabled: false });
    const smsOnly = await alertedVendor({ emailEnabled: false, smsEnabled: true, phone: '416-555-0143' });
    const deactivated = await alertedVendor(
      { email: 'dispatch@deactivated.example', smsEnabled: true, phone: '416-555-0144' },
      { activated: false },
    );
    const leads = await Promise.all([assign(none.vendor.id), assign(smsOnly.vendor.id), assign(deactivated.vendor.id)]);

    // The messages are queued in the assignment's transaction: what is not there now never will be.
    expect(await messagesOf(t.app, 'LEAD_ALERT', leads[0].id)).toEqual([]);
    expect((await messagesOf(t.app, 'LEAD_ALERT', leads[1].id)).map((m) => m.channel)).toEqual(['SMS']);
    expect(await messagesOf(t.app, 'LEAD_ALERT', leads[2].id)).toEqual([]);
    await eventually(() => h.sms.messagesTo('+14165550143').length > 0, 'the SMS');
    expect(h.sink.to(smsOnly.vendor.email)).toEqual([]);
  });

  it('gives up the alerts still queued when the vendor is deactivated', async () => {
    const { vendor } = await alertedVendor({ emailEnabled: false, smsEnabled: true, phone: '416-555-0146' });
    // The provider asks for an hour's pause: the alert stays queued.
    h.sms.respond = () => ({
      status: 429,
      headers: { 'Retry-After': '3600' },
      body: { code: 20429, message: 'Too Many Requests' },
    });
    const lead = await assign(vendor.id);
    await eventually(
      async () => (await messagesOf(t.app, 'LEAD_ALERT', lead.id))[0]?.lastError != null,
      'the first attempt answered',
    );

    await request(t.http)
      .patch(`/rest-manager-api-v1/vendors/${vendor.id}`)
      .set(bearer(managerToken))
      .send({ activated: false })
      .expect(200);

    expect(await messagesOf(t.app, 'LEAD_ALERT', lead.id)).toEqual([
      expect.objectContaining({
        channel: 'SMS',
        status: 'FAILED',
        lastError: 'Not sent: the vendor account was deactivated.',
      }),
    ]);
    expect(h.sms.to('+14165550146')).toHaveLength(1);
  });

  it('reports an alert the provider refuses like every message: FAILED, and message.failed on the feed', async () => {
    const { vendor } = await alertedVendor({ emailEnabled: false, smsEnabled: true, phone: '416-555-0145' });
    h.sms.respond = () => ({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number." },
    });
    const lead = await assign(vendor.id);
    await eventually(async () => (await messagesOf(t.app, 'LEAD_ALERT', lead.id))[0]?.status === 'FAILED', 'FAILED');

    // Read where the feed and the webhooks read it (the feed itself waits for every older transaction of
    // the server to end, which a busy shared server can hold back for a while).
    const events: { data: Record<string, unknown> }[] = await t.dataSource.query(
      `SELECT data FROM events WHERE vendor_id = $1 AND type = 'message.failed'`,
      [vendor.id],
    );
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ purpose: 'LEAD_ALERT', requestId: lead.id, channel: 'SMS', status: 'FAILED' }),
    ]);
  });
});
