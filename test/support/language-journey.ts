import { confirmedAlertContacts } from './lead-alert-contacts';
import request from 'supertest';
import { ReminderPass } from '../../src/automation/reminder-pass';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { ReviewSettingsService } from '../../src/review-settings/review-settings.service';
import { automate, minutesAfter, stopClock } from './automation';
import { bearer, createAdmin, createVendor } from './factories';
import { NotificationHarness, eventually } from './notification-harness';
import type { SmsRequest } from './sms-provider-stub';
import type { ReceivedMail } from './smtp-sink';
import type { TestApp } from './test-app';
import { MANAGER_API } from './api-paths';

/** Who sends for the vendors, and where it is: what a vendor without a profile falls back on. */
export const OPERATOR = {
  OPERATOR_NAME: 'Leads Co',
  OPERATOR_MAILING_ADDRESS: '100 King St W, Toronto ON M5X 1A9',
  OPERATOR_CONTACT: '1-800-555-0199',
};

/**
 * A customer's messages in a real SMTP sink and the SMS stand-in, from an app whose worker delivers
 * them, and the vendors the journeys are with: one in Quebec with its own profile, one in Ontario
 * without (so its messages and pages give the operator's address and contact).
 */
export class LanguageJourneyBed {
  readonly harness = new NotificationHarness('languages');
  t!: TestApp;
  manager!: Record<string, string>;
  private moveClock!: (iso: string) => void;
  private now = new Date().toISOString();
  private readonly vendorIds = new Map<string, number>();

  async start(): Promise<void> {
    await this.harness.start();
    this.t = await this.harness.bootApp(OPERATOR);
    this.manager = bearer((await createAdmin(this.t.app)).token);
    this.moveClock = stopClock(this.t.app, this.now);
  }

  async stop(): Promise<void> {
    await this.t.close();
    await this.harness.stop();
  }

  /** A vendor reminding after an hour, with a Google review link; `profile` is sent to the profile PUT. */
  async vendor(vendorName: string, provinceName: string, profile: object | null): Promise<string> {
    const { vendor, token } = await createVendor(this.t.app, {
      vendorName,
      provinceName,
      features: [...VENDOR_FEATURES],
    });
    await automate(this.t.app, vendor.id, { reminderDelayMinutes: 60 });
    await this.t.app.get(ReviewSettingsService).replace(vendor.id, {
      googleReviewEnabled: true,
      googleReviewUrl: `https://g.page/r/vendor-${vendor.id}`,
      facebookReviewEnabled: false,
      bbbReviewEnabled: false,
      otherReviewEnabled: false,
    });
    this.vendorIds.set(token, vendor.id);
    if (profile) {
      await request(this.t.http)
        .put(`${MANAGER_API}/vendors/${vendor.id}/profile`)
        .set(this.manager)
        .send(profile)
        .expect(200);
    }
    return token;
  }

  /**
   * A new lead assigned to the vendor (of `token`), its alerts going to `email` and, by SMS, `phone`;
   * answers the lead's id and when it expires.
   */
  async assignLead(token: string, email: string, phone: string): Promise<{ id: number; expiresAt: Date }> {
    const vendorId = this.vendorIds.get(token)!;
    await confirmedAlertContacts(this.t.dataSource, vendorId, { email, phone });
    await request(this.t.http)
      .put(`${MANAGER_API}/vendors/${vendorId}/lead-alerts`)
      .set(this.manager)
      .send({ email, phone, smsEnabled: true })
      .expect(200);
    const lead = await request(this.t.http)
      .post(`${MANAGER_API}/vendors/${vendorId}/leads`)
      .set(this.manager)
      .send({
        category: 'Cuisine',
        projectDetailsHtml: '<p>Cuisine complète.</p>',
        originalJobDescription:
          'Refaire la cuisine : armoires, comptoirs et dosseret. Écrivez-moi à nadia@client.example.',
        customerName: 'Nadia Roy',
        customerEmail: 'nadia@client.example',
      })
      .expect(201);
    const { id, dateCreated } = lead.body.data as { id: number; dateCreated: string };
    return { id, expiresAt: new Date(new Date(dateCreated).getTime() + 72 * 3_600_000) };
  }

  /** The reminders an hour later (the injected clock moved), sent through the pass. */
  async remind(): Promise<void> {
    this.now = minutesAfter(this.now, 61);
    this.moveClock(this.now);
    expect((await this.t.app.get(ReminderPass).run()).sent).toBeGreaterThan(0);
  }

  /** The `count`-th e-mail the sink received for `address` (1 = the first), once it has arrived. */
  mail(address: string, count: number): Promise<ReceivedMail> {
    return eventually(() => this.harness.sink.to(address)[count - 1], `e-mail ${count} to ${address}`);
  }

  /** The `count`-th SMS the stand-in accepted for a number ending with `digits`, once it has arrived. */
  async sms(digits: string, count: number): Promise<string> {
    const to = (): SmsRequest[] => this.harness.sms.messages.filter((m) => m.form.To.endsWith(digits));
    return (await eventually(() => to()[count - 1], `SMS ${count} to ${digits}`)).form.Body;
  }
}

/** The page link an e-mail or SMS carries, as a path (`/r/{token}` or `/i/{token}`). */
export function pagePathIn(text: string): string {
  const link = /https?:\/\/[^\s"<]+(\/[ri]\/[A-Za-z0-9_-]{24})(?=[\s"<]|$)/.exec(text);
  if (!link) throw new Error(`No page link in: ${text}`);
  return link[1];
}

/** The `lang` of a page or an HTML e-mail. */
export const langOf = (html: string): string | undefined => /<html lang="([^"]+)">/.exec(html)?.[1];

/** The text of a page without its markup, entities decoded: what the customer reads. */
export function wordsOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\n]+/g, ' ');
}
