import { confirmedAlertContacts } from '../support/lead-alert-contacts';
import request from 'supertest';
import { LeadAlertSettingsService } from '../../src/lead-alerts/lead-alert-settings.service';
import { LeadReAlertPass } from '../../src/lead-alerts/lead-re-alert-pass';
import type { LeadAlertSettingsDto } from '../../src/lead-alerts/dto/lead-alert-settings.dto';
import { VendorsService } from '../../src/vendors/vendors.service';
import { minutesAfter, stopClock } from '../support/automation';
import { bearer, createLead, createVendor } from '../support/factories';
import { NotificationHarness, eventually } from '../support/notification-harness';
import { messagesOf } from '../support/outbox';
import type { TestApp } from '../support/test-app';

jest.setTimeout(90_000);

const h = new NotificationHarness('realert');
const T0 = '2026-06-10T14:00:00.000Z';
const NOTHING = { SENT: 0, NOT_NEEDED: 0, NO_CHANNEL: 0, VENDOR_DEACTIVATED: 0 };

/** docs/contract.md#speed-to-lead: one re-alert for a lead neither viewed nor answered after reAlertAfterMinutes, once however many instances run. */
describe('Lead re-alerts (e2e)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    await h.start();
    // The passes run when the tests say so, on the clock they set.
    a = await h.bootApp({ AUTOMATION_INTERVAL_MS: '3600000' });
    b = await h.bootApp({ AUTOMATION_INTERVAL_MS: '3600000' });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await h.stop();
  });
  afterEach(() => jest.restoreAllMocks());

  async function alertedVendor(settings: LeadAlertSettingsDto) {
    const created = await createVendor(a.app);
    await confirmedAlertContacts(a.dataSource, created.vendor.id, settings);
    await a.app.get(LeadAlertSettingsService).replace(created.vendor.id, settings);
    return created;
  }

  const reAlertsOf = async (leadId: number) => messagesOf(a.app, 'LEAD_REALERT', leadId);

  it('re-alerts an untouched lead once, by SMS, and not a lead viewed, accepted or declined in time', async () => {
    const moveClock = stopClock(a.app, T0);
    const phone = '416-555-0161';
    const { vendor, token } = await alertedVendor({ phone, smsEnabled: true, reAlertAfterMinutes: 30 });
    const [untouched, viewed, accepted, declined] = [
      await createLead(a.app, vendor.id, { category: 'Roofing' }),
      await createLead(a.app, vendor.id),
      await createLead(a.app, vendor.id),
      await createLead(a.app, vendor.id),
    ];
    const vendorApi = (method: 'get' | 'post', path: string) =>
      request(a.http)[method](`/rest-api-v1/general-leads/${path}`).set(bearer(token));

    moveClock(minutesAfter(T0, 10));
    await vendorApi('get', `${viewed.id}`).expect(200);
    await vendorApi('post', `${accepted.id}/accept`).expect(200);
    moveClock(minutesAfter(T0, 29));
    await vendorApi('post', `${declined.id}/decline`).send({ declineReason: 'Too far' }).expect(200);
    expect(await a.app.get(LeadReAlertPass).run()).toEqual(NOTHING);

    moveClock(minutesAfter(T0, 30));
    expect(await a.app.get(LeadReAlertPass).run()).toEqual({ ...NOTHING, SENT: 1, NOT_NEEDED: 3 });
    expect(await a.app.get(LeadReAlertPass).run()).toEqual(NOTHING);
    moveClock(minutesAfter(T0, 600));
    expect(await a.app.get(LeadReAlertPass).run()).toEqual(NOTHING);

    expect((await reAlertsOf(untouched.id)).map((m) => m.channel)).toEqual(['SMS']);
    for (const lead of [viewed, accepted, declined]) expect(await reAlertsOf(lead.id)).toEqual([]);
    const texts = await eventually(() => {
      const received = h.sms.messagesTo('+14165550161').map((m) => m.form.Body);
      return received.length === 5 && received;
    }, 'four alerts and one re-alert');
    expect(texts.filter((text) => text.includes(': still waiting'))).toEqual([
      expect.stringMatching(new RegExp(`^[^:]+: still waiting, lead ${untouched.id} for .*: Roofing\\.`)),
    ]);
    // Only the first alerts went by e-mail: the re-alert takes SMS when the vendor has it on.
    await eventually(() => h.sink.to(vendor.email).length === 4, 'four alert e-mails');
    expect(h.sink.to(vendor.email).map((m) => m.parsed.subject)).not.toContainEqual(
      expect.stringMatching(/Still waiting/),
    );
  });

  it('re-alerts by e-mail without SMS, never when switched off (0), and not a vendor deactivated meanwhile', async () => {
    stopClock(a.app, T0);
    const byEmail = await alertedVendor({ reAlertAfterMinutes: 5 });
    const never = await alertedVendor({ reAlertAfterMinutes: 0 });
    const deactivated = await alertedVendor({ reAlertAfterMinutes: 5 });
    const leads = await Promise.all([byEmail, never, deactivated].map(({ vendor }) => createLead(a.app, vendor.id)));
    await a.app.get(VendorsService).update(deactivated.vendor.id, { activated: false });

    stopClock(a.app, minutesAfter(T0, 5));
    expect(await a.app.get(LeadReAlertPass).run()).toEqual({ ...NOTHING, SENT: 1, VENDOR_DEACTIVATED: 1 });
    expect((await reAlertsOf(leads[0].id)).map((m) => [m.channel, m.subject])).toEqual([
      ['EMAIL', `Still waiting: lead ${leads[0].id} (Kitchen renovation)`],
    ]);
    expect(await reAlertsOf(leads[1].id)).toEqual([]);
    expect(await reAlertsOf(leads[2].id)).toEqual([]);
  });

  it('sends each untouched lead one re-alert when two instances run their passes at the same moment', async () => {
    stopClock(a.app, T0);
    const { vendor } = await alertedVendor({ reAlertAfterMinutes: 30 });
    const leads = [];
    for (let i = 0; i < 150; i++) leads.push(await createLead(a.app, vendor.id));

    stopClock(a.app, minutesAfter(T0, 45));
    stopClock(b.app, minutesAfter(T0, 45));
    const [fromA, fromB] = await Promise.all([a.app.get(LeadReAlertPass).run(), b.app.get(LeadReAlertPass).run()]);
    expect(fromA.SENT + fromB.SENT).toBe(150);
    expect(fromA.NOT_NEEDED + fromB.NOT_NEEDED).toBe(0);

    // One re-alert queued per lead; delivered, each reaches the vendor. (Delivery is at least once: on a
    // loaded machine a lease may run out mid-send and a message go again under its Message-ID, so the
    // mailbox is read for which re-alerts arrived, not for how many messages.)
    for (const lead of leads) expect(await reAlertsOf(lead.id)).toHaveLength(1);
    const expected = leads.map((lead) => `Still waiting: lead ${lead.id} (Kitchen renovation)`).sort();
    const reAlerts = () =>
      [...new Set(h.sink.to(vendor.email).map((m) => m.parsed.subject!))].filter((s) => s.startsWith('Still waiting'));
    await eventually(() => reAlerts().length >= expected.length, 'the re-alerts', 60_000);
    expect(reAlerts().sort()).toEqual(expected);
  });
});
