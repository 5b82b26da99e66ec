import { confirmedAlertContacts } from '../support/lead-alert-contacts';
import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { LeadReAlertPass } from '../../src/lead-alerts/lead-re-alert-pass';
import { minutesAfter, stopClock } from '../support/automation';
import { CustomerBrowser } from '../support/customer-pages';
import { configureReviewSites, createReviewRequest } from '../support/factories';
import { waitUntil } from '../support/net';
import { SmsProviderStub } from '../support/sms-provider-stub';
import { SmtpSink } from '../support/smtp-sink';
import { type Account, OwnDatabaseApp, ofType } from '../support/own-database-app';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(120_000);

const ORIGIN = 'http://localhost:3000';
const ALERT_PHONE = '416-555-0142';
const ALERT_SMS_TO = '+14165550142';
const REFERRER = "Marie-Ève O'Neil";
const SHARE_LINK_LIMIT = 2;

/** A friend, and what they type on their page. */
interface Friend {
  name: string;
  email?: string;
  phone?: string;
  message: string;
}

/**
 * docs/contract.md#reputation-kpis, "Referrals bring leads": a referred friend's contact request, by each
 * of the three invitation paths, through the pages as a browser posts them, becomes the vendor's lead at
 * once: listed, counted, on the feed and the webhooks, alerted without the friend's contact, which the
 * vendor sees once it accepts.
 */
describe('Referral leads (e2e)', () => {
  let bed: OwnDatabaseApp;
  let sink: SmtpSink;
  let sms: SmsProviderStub;
  let vendor: Account;

  beforeAll(async () => {
    [sink, sms] = await Promise.all([SmtpSink.start(), SmsProviderStub.start()]);
    bed = await OwnDatabaseApp.start('referral_leads', {
      SMTP_URL: sink.url,
      MAIL_FROM: 'reviews@operator.example',
      SMS_API_BASE_URL: sms.baseUrl,
      SMS_ACCOUNT_SID: 'AC0123456789',
      SMS_AUTH_TOKEN: 'sms-auth-token',
      SMS_FROM: '+15005550006',
      NOTIFY_WORKER_ENABLED: 'true',
      NOTIFY_POLL_INTERVAL_MS: '50',
      // The re-alert pass runs when the test says so, on the clock it sets.
      AUTOMATION_INTERVAL_MS: '3600000',
      REFERRAL_SHARE_LINK_DAILY_CONVERSIONS: String(SHARE_LINK_LIMIT),
    });
    vendor = await bed.vendor({ vendorName: 'Maple Renovations', features: [...VENDOR_FEATURES] });
    await configureReviewSites(bed.t.app, vendor.id);
    await confirmedAlertContacts(bed.t.dataSource, vendor.id, { phone: ALERT_PHONE });
    await request(bed.t.http)
      .put(`${M}/vendors/${vendor.id}/lead-alerts`)
      .set(bed.manager)
      .send({ phone: ALERT_PHONE, smsEnabled: true, reAlertAfterMinutes: 30 })
      .expect(200);
    await request(bed.t.http)
      .put(`${M}/vendors/${vendor.id}/profile`)
      .set(bed.manager)
      .send({ defaultLocale: 'en', contactPhone: '514-555-0100' })
      .expect(200);
    await bed.register(V, vendor.auth, '/vendor', ['lead.assigned']);
  });
  afterAll(async () => {
    await bed?.close();
    await Promise.all([sink?.stop(), sms?.close()]);
  });

  /** A customer of the vendor at the referral step (review confirmed); answers their page and process. */
  async function referrer(): Promise<{ page: CustomerBrowser; processId: number }> {
    const { request: created, link } = await createReviewRequest(bed.t.app, vendor.entity, { firstName: 'Marie' });
    const page = new CustomerBrowser(bed.t.http, link);
    await page.submit('/review', { happy: 'yes' });
    await page.submit('/review/confirm');
    return { page, processId: created.processId };
  }

  /** The friend's form, posted as a browser posts it (its page's origin, form encoding). */
  const ask = (friendPage: string, friend: Friend, lang?: string) =>
    request(bed.t.http)
      .post(lang ? `${friendPage}?lang=${lang}` : friendPage)
      .set('Origin', ORIGIN)
      .type('form')
      .send({ email: '', phone: '', ...friend });

  const pathOf = (text: string): string => /\/i\/[A-Za-z0-9_-]{24}/.exec(text)![0];
  const vendorGet = (path: string) => request(bed.t.http).get(`${V}/general-leads${path}`).set(vendor.auth);
  const leads = async () => (await vendorGet('?filter=ALL&page=0&size=50').expect(200)).body.data.content as Lead[];

  /** The three invitation paths, each handing the friend their page. */
  const PATHS = {
    email: async (page: CustomerBrowser, friend: Friend) => {
      await page.submit('/referrals/email', { referrerName: REFERRER, friendName: friend.name, email: friend.email! });
      await waitUntil(() => Promise.resolve(sink.to(friend.email!).length > 0));
      return pathOf(sink.to(friend.email!)[0].parsed.text!);
    },
    text: async (page: CustomerBrowser, friend: Friend) => {
      await page.submit('/referrals/text', { referrerName: REFERRER, friendName: friend.name, phone: friend.phone! });
      const to = `+1${friend.phone!.replace(/\D/g, '')}`;
      await waitUntil(() => Promise.resolve(sms.messagesTo(to).length > 0));
      return pathOf(sms.messagesTo(to)[0].form.Body);
    },
    share: async (page: CustomerBrowser) => {
      await page.submit('/referrals/share', { referrerName: REFERRER });
      return pathOf(/id="share" name="share" type="text" value="([^"]+)"/.exec(await page.view())![1]);
    },
  };

  const FRIENDS: Record<keyof typeof PATHS, Friend> = {
    email: { name: 'Noah Tremblay', email: 'noah@friend.example', message: 'A new deck, see https://evil.example/x.' },
    text: { name: '李小龙', phone: '905 555 0147', message: 'Refaire la salle de bain.' },
    share: { name: 'Zoë Côté', email: 'zoe@friend.example', phone: '438 555 0123', message: 'Basement\nand stairs.' },
  };

  it.each(Object.keys(PATHS) as (keyof typeof PATHS)[])(
    'a friend invited by %s becomes a lead at once: listed with its source and referrer, alerted without the contact, revealed on accept',
    async (path) => {
      const friend = FRIENDS[path];
      const { page, processId } = await referrer();
      const friendPage = await PATHS[path](page, friend);
      const lang = path === 'text' ? 'fr' : undefined;
      const before = await vendorGet('/filter-counts').expect(200);

      // A double submit (a double click) makes one lead.
      for (let i = 0; i < 2; i++) {
        const sent = await ask(friendPage, friend, lang);
        expect([sent.status, sent.headers.location]).toEqual([
          303,
          `${friendPage}?sent=1${lang ? `&lang=${lang}` : ''}`,
        ]);
      }
      const thanks = (await request(bed.t.http).get(`${friendPage}?sent=1${lang ? `&lang=${lang}` : ''}`)).text.replace(
        /[\u00a0\u202f]/g,
        ' ',
      );
      // The number is a link kept on one line (the tags removed here: the words are checked).
      expect(thanks.replace(/<[^>]+>/g, '')).toContain(
        lang
          ? 'Vous pouvez aussi joindre Maple Renovations directement : 514 555-0100'
          : 'You can also reach Maple Renovations directly: 514-555-0100',
      );

      const mine = (await leads()).filter((l) => l.referredBy?.processId === processId);
      expect(mine).toHaveLength(1);
      const [lead] = mine;
      expect(lead).toMatchObject({
        source: 'REFERRAL',
        category: 'Referral',
        customerName: friend.name,
        customerEmail: null,
        customerPhone: null,
        // Not accepted yet: the friend's words with their web address defanged (and any contact hidden).
        originalJobDescription: friend.message.replace('https://evil.example', 'hxxps://evil[.]example'),
        referredBy: { name: REFERRER, processId },
        vendorLeadAction: 'NONE',
      });
      // The message's HTML is the message escaped, never a link.
      expect(lead.projectDetailsHtml).not.toContain('<a');
      const after = (await vendorGet('/filter-counts').expect(200)).body.data;
      expect(after).toEqual({
        allLeadsCount: before.body.data.allLeadsCount + 1,
        acceptedLeadsCount: before.body.data.acceptedLeadsCount,
        requiresAttentionLeadsCount: before.body.data.requiresAttentionLeadsCount + 1,
      });
      const [{ customer_locale: locale }] = await bed.t.dataSource.query(
        'SELECT customer_locale FROM leads WHERE id = $1',
        [lead.id],
      );
      expect(locale).toBe(lang ?? 'en');

      // lead.assigned on the webhook, as the vendor API shows the lead: no contact yet.
      await waitUntil(() =>
        Promise.resolve(ofType(bed.receiver.at('/vendor'), 'lead.assigned').some((w) => w.event.data.id === lead.id)),
      );
      const hook = ofType(bed.receiver.at('/vendor'), 'lead.assigned').find((w) => w.event.data.id === lead.id)!;
      expect(hook.event.data).toMatchObject({
        source: 'REFERRAL',
        referredBy: { name: REFERRER, processId },
        customerEmail: null,
      });

      // The alert, by e-mail and SMS, names the lead and never the friend's contact.
      await waitUntil(() =>
        Promise.resolve(sink.to(vendor.entity.email).some((m) => m.parsed.subject === `New lead ${lead.id}: Referral`)),
      );
      await waitUntil(() =>
        Promise.resolve(
          sms.messagesTo(ALERT_SMS_TO).some((m) => new RegExp(`new lead ${lead.id} `, 'i').test(m.form.Body)),
        ),
      );
      const mail = sink.to(vendor.entity.email).find((m) => m.parsed.subject === `New lead ${lead.id}: Referral`)!;
      const text = sms.messagesTo(ALERT_SMS_TO).find((m) => new RegExp(`new lead ${lead.id} `, 'i').test(m.form.Body))!
        .form.Body;
      const alert = `${mail.parsed.text}\n${mail.parsed.html as string}\n${text}`;
      for (const contact of [friend.email, friend.phone, friend.phone?.replace(/\D/g, '').slice(-4)]) {
        if (contact) expect(alert).not.toContain(contact);
      }
      // The SMS quotes nothing the friend typed; the e-mail may, masked and defanged.
      expect(text).not.toContain(friend.message.split(/[,\n]/)[0]);
      expect(mail.parsed.text).toContain(friend.message.split(/[,\n]/)[0]);
      // A web address in the message is quoted so that no app links it.
      expect(alert).not.toMatch(/https?:\/\/evil|evil\.example|<a [^>]*evil/);

      // Accepting reveals the friend's contact.
      const accepted = await request(bed.t.http)
        .post(`${V}/general-leads/${lead.id}/accept`)
        .set(vendor.auth)
        .expect(200);
      expect(accepted.body.data).toMatchObject({
        originalJobDescription: friend.message,
        customerEmail: friend.email ?? null,
        customerPhone: friend.phone
          ? friend.phone.replace(/\D/g, '').replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3')
          : null,
      });
    },
  );

  it('re-alerts an untouched referral lead once, counts it in the response times, and lets the manager find it by contact', async () => {
    const T0 = new Date(Date.now() + 60_000).toISOString();
    const moveClock = stopClock(bed.t.app, T0);
    const { page } = await referrer();
    const friendPage = await PATHS.share(page);
    const friend = { name: 'Ann Lee', email: 'ann.lee@friend.example', message: 'Fence.' };
    expect((await ask(friendPage, friend)).status).toBe(303);
    const lead = (await leads()).find((l) => l.customerName === 'Ann Lee')!;

    moveClock(minutesAfter(T0, 31));
    await bed.t.app.get(LeadReAlertPass).run();
    expect(await bed.t.app.get(LeadReAlertPass).run()).toMatchObject({ SENT: 0 });
    const [{ n }] = await bed.t.dataSource.query(
      "SELECT count(*)::int AS n FROM notification_outbox WHERE purpose = 'LEAD_REALERT' AND subject_id = $1",
      [lead.id],
    );
    expect(n).toBe(1);

    const times = await vendorGet('/response-times').expect(200);
    expect(times.body.data.leadsAssigned).toBeGreaterThanOrEqual(4);

    const exported = await request(bed.t.http)
      .post(`${M}/customer-data/export`)
      .set(bed.manager)
      .send({ email: friend.email })
      .expect(200);
    expect(exported.body.data.leads.map((l: { id: number }) => l.id)).toEqual([lead.id]);
  });

  it('a share link over its daily cap takes no request and makes no lead', async () => {
    const { page, processId } = await referrer();
    const friendPage = await PATHS.share(page);
    for (let i = 0; i < SHARE_LINK_LIMIT; i++) {
      expect((await ask(friendPage, { name: 'Friend', email: `cap${i}@friend.example`, message: '' })).status).toBe(
        303,
      );
    }
    const over = await ask(friendPage, { name: 'Friend', email: 'over@friend.example', message: '' });
    expect(over.status).toBe(429);
    const mine = (await leads()).filter((l) => l.referredBy?.processId === processId);
    expect(mine.map((l) => l.originalJobDescription)).toEqual(['', '']);
  });
});

interface Lead {
  id: number;
  source: string;
  category: string;
  customerName: string;
  customerEmail: string | null;
  projectDetailsHtml: string;
  originalJobDescription: string;
  referredBy: { name: string; processId: number } | null;
}
