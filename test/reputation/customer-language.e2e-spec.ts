import request from 'supertest';
import { ReminderPass } from '../../src/automation/reminder-pass';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { ReviewSettingsService } from '../../src/review-settings/review-settings.service';
import type { ReviewSettingsDto } from '../../src/review-settings/dto/review-settings.dto';
import { AutomationTestBed, automate, minutesAfter, stopClock } from '../support/automation';
import { bearer, createAdmin, createLead, createVendor } from '../support/factories';
import { messagesOf } from '../support/outbox';
import type { TestApp } from '../support/test-app';
import type { VendorOptions } from '../support/factories';

jest.setTimeout(60_000);

const bed = new AutomationTestBed(`${process.env.E2E_DATABASE_NAME}_language`);
const T0 = '2026-06-10T14:00:00.000Z';
const FR_OPT_OUT = 'Répondez ARRET pour vous désabonner.';
const EN_OPT_OUT = 'Reply STOP to opt out.';

/** docs/contract.md#language: a process keeps its customer's language, from the request, the lead or the vendor. */
describe("The customer's language (e2e)", () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let moveClock: (iso: string) => void;

  beforeAll(async () => {
    await bed.start();
    t = await bed.boot();
    manager = bearer((await createAdmin(t.app)).token);
  });
  afterAll(async () => {
    await t.close();
    await bed.stop();
  });
  beforeEach(() => {
    moveClock = stopClock(t.app, T0);
  });

  const vendorIn = async (provinceName: string, options: VendorOptions = {}) => {
    const created = await createVendor(t.app, {
      vendorName: 'Rénovations Érable',
      provinceName,
      features: [...VENDOR_FEATURES],
      ...options,
    });
    await automate(t.app, created.vendor.id, { reminderDelayMinutes: 60 });
    return created;
  };
  const askReview = (token: string, body: object) =>
    request(t.http)
      .post('/rest-api-v1/review-requests')
      .set(bearer(token))
      .send({ firstName: 'Luc', emailTo: 'luc@client.example', phone: '514-555-0188', ...body });
  const localeOfProcess = async (processId: number): Promise<string> => {
    const rows: { locale: string }[] = await t.dataSource.query(
      'SELECT locale FROM reputation_processes WHERE id = $1',
      [processId],
    );
    return rows[0].locale;
  };

  it("writes a Quebec vendor's review request, and its reminder, in French unless the request names a language", async () => {
    const { token } = await vendorIn('QC');
    const res = await askReview(token, {});
    expect(res.status).toBe(201);
    const { id, processId } = res.body.data;
    expect(await localeOfProcess(processId)).toBe('fr');
    const [email, sms] = await messagesOf(t.app, 'REVIEW_REQUEST', id);
    expect(email.subject).toBe('Pourriez-vous donner votre avis sur Rénovations Érable?');
    expect(email.text).toMatch(/^Bonjour Luc,\n\nMerci d’avoir fait confiance à Rénovations Érable!/);
    expect(email.text).toContain('Message envoyé par');
    expect(email.html).toContain('<html lang="fr-CA">');
    expect(sms.text).toMatch(/^Bonjour Luc, ici Rénovations Érable\. Merci de nous avoir fait confiance!/);
    expect(sms.text.endsWith(`\n${FR_OPT_OUT}`)).toBe(true);

    moveClock(minutesAfter(T0, 60));
    expect((await t.app.get(ReminderPass).run()).sent).toBe(1);
    const [reminderEmail, reminderSms] = await messagesOf(t.app, 'REVIEW_REMINDER', id);
    expect(reminderEmail.subject).toBe('Petit rappel\u00a0: pourriez-vous donner votre avis sur Rénovations Érable?');
    expect(reminderSms.text).toMatch(/^Bonjour Luc, ici Rénovations Érable\. Petit rappel : /);

    const inEnglish = await askReview(token, { locale: 'en', emailTo: 'luke@client.example' });
    const [englishEmail, englishSms] = await messagesOf(t.app, 'REVIEW_REQUEST', inEnglish.body.data.id);
    expect(englishEmail.subject).toBe('Would you review Rénovations Érable?');
    expect(englishSms.text.endsWith(`\n${EN_OPT_OUT}`)).toBe(true);
  });

  it('writes in French to the customer of an Ontario vendor when the request asks for it, feedback included', async () => {
    const { vendor, token } = await vendorIn('Ontario', { vendorName: 'Maple Renovations' });
    const review = await askReview(token, { locale: 'fr' });
    expect((await messagesOf(t.app, 'REVIEW_REQUEST', review.body.data.id))[0].subject).toBe(
      'Pourriez-vous donner votre avis sur Maple Renovations?',
    );
    const feedback = await request(t.http)
      .post('/rest-api-v1/customer-feedback-system')
      .set(bearer(token))
      .send({ customerName: 'Julie Tremblay', email: 'julie@client.example', locale: 'fr' });
    expect(feedback.status).toBe(201);
    const [email] = await messagesOf(t.app, 'FEEDBACK_REQUEST', feedback.body.data.id);
    expect(email.subject).toBe('Comment s’est déroulé votre projet avec Maple Renovations?');
    expect(email.text).toMatch(/^Bonjour Julie,/);
    const english = await askReview(token, { emailTo: 'default@client.example' });
    expect((await messagesOf(t.app, 'REVIEW_REQUEST', english.body.data.id))[0].subject).toBe(
      'Would you review Maple Renovations?',
    );
    expect(vendor.provinceName).toBe('Ontario');
  });

  it('sends an accented vendor’s own texts, greeted and named, in French and in an English reminder', async () => {
    const vendorName = 'Rénovations Côté & Fils Québec';
    const { vendor, token } = await vendorIn('Québec', { vendorName });
    const texts = {
      customSMSMessageFr:
        'Bonjour {firstName}, ici {vendorName}. Merci d’avoir choisi notre équipe! ' +
        'Votre avis aide vos voisins à nous trouver. Auriez-vous une minute? {link}',
      customSMSMessage:
        "Hi {firstName}, it's {vendorName}. Thanks again for trusting us with your renovation! " +
        'Would you share your experience? It helps other homeowners find us. {link}',
    };
    const saved = await request(t.http)
      .put(`/rest-manager-api-v1/vendors/${vendor.id}/review-settings`)
      .set(manager)
      .send({
        googleReviewEnabled: false,
        facebookReviewEnabled: false,
        bbbReviewEnabled: false,
        otherReviewEnabled: false,
        ...texts,
      });
    expect(saved.status).toBe(200);
    expect(saved.body.data.customSMSMessageFrSize).toEqual({ encoding: 'UCS-2', segments: 4 });

    const french = await askReview(token, { emailTo: undefined });
    const [frenchSms] = await messagesOf(t.app, 'REVIEW_REQUEST', french.body.data.id);
    expect(frenchSms.text).toMatch(
      /^Bonjour Luc, ici Rénovations Côté & Fils Québec\. Merci d'avoir choisi notre équipe! Votre avis aide vos voisins à nous trouver\. Auriez-vous une minute\? http\S+\/r\/[\w-]{24}\nRépondez ARRET pour vous désabonner\.$/,
    );

    const english = await askReview(token, { emailTo: undefined, phone: '514-555-0189', locale: 'en' });
    moveClock(minutesAfter(T0, 60));
    expect((await t.app.get(ReminderPass).run()).sent).toBeGreaterThanOrEqual(1);
    const [reminder] = await messagesOf(t.app, 'REVIEW_REMINDER', english.body.data.id);
    expect(reminder.text).toMatch(
      /^Reminder:\nHi Luc, it's Rénovations Côté & Fils Québec\. Thanks again for trusting us with your renovation!/,
    );
  });

  it('never puts the English custom text in a French message, and uses the French one when there is one', async () => {
    const { vendor, token } = await vendorIn('Québec');
    const settings = { googleReviewEnabled: false, facebookReviewEnabled: false, bbbReviewEnabled: false };
    const replace = (texts: Partial<ReviewSettingsDto>) =>
      t.app.get(ReviewSettingsService).replace(vendor.id, { ...settings, otherReviewEnabled: false, ...texts });
    await replace({ customEmailMessage: 'Dear {firstName}, please review us!', customSMSMessage: 'Review us please' });
    const builtIn = await askReview(token, {});
    const [email, sms] = await messagesOf(t.app, 'REVIEW_REQUEST', builtIn.body.data.id);
    expect(email.text).toMatch(/^Bonjour Luc,/);
    expect(`${email.text}${sms.text}`).not.toMatch(/please|Review us/);

    await replace({ customEmailMessage: 'Dear {firstName}!', customEmailMessageFr: 'Cher {firstName}, merci!' });
    const custom = await askReview(token, { emailTo: 'luc2@client.example', phone: undefined });
    expect((await messagesOf(t.app, 'REVIEW_REQUEST', custom.body.data.id))[0].text).toMatch(/^Cher Luc, merci!/);
    const settingsRead = await request(t.http)
      .get(`/rest-manager-api-v1/vendors/${vendor.id}/review-settings`)
      .set(manager);
    expect(settingsRead.body.data).toMatchObject({
      customEmailMessageFr: 'Cher {firstName}, merci!',
      customSMSMessageFr: '',
    });
  });

  it("writes a won job's review request in the language the lead gave for its customer", async () => {
    const { vendor, token } = await vendorIn('Ontario', { vendorName: 'Maple Renovations' });
    await automate(t.app, vendor.id, { autoReviewRequestOnJobWon: true, autoReviewRequestDelayMinutes: 0 });
    const assigned = await request(t.http).post(`/rest-manager-api-v1/vendors/${vendor.id}/leads`).set(manager).send({
      category: 'Toiture',
      customerName: 'Marc Gagnon',
      customerEmail: 'marc@client.example',
      projectDetailsHtml: '<p>Refaire la toiture.</p>',
      originalJobDescription: 'Refaire la toiture.',
      customerLocale: 'fr',
    });
    expect(assigned.status).toBe(201);
    expect(assigned.body.data.customerLocale).toBe('fr');
    const leadId = assigned.body.data.id;
    await request(t.http).post(`/rest-api-v1/general-leads/${leadId}/accept`).set(bearer(token)).expect(200);
    await request(t.http)
      .patch(`/rest-api-v1/general-leads/${leadId}/post-lead-status`)
      .set(bearer(token))
      .send({ postLeadStatus: 'JOB_WON' })
      .expect(200);
    const [{ id }] = await t.dataSource.query('SELECT id FROM review_requests WHERE lead_id = $1', [leadId]);
    const [email] = await messagesOf(t.app, 'REVIEW_REQUEST', id);
    expect(email.subject).toBe('Pourriez-vous donner votre avis sur Maple Renovations?');

    const withoutLocale = await createLead(t.app, vendor.id);
    expect(withoutLocale.customerLocale).toBeNull();
  });

  it.each([
    ['/rest-api-v1/review-requests', { firstName: 'Luc', emailTo: 'x@client.example', locale: 'de' }, 'locale'],
    ['/rest-api-v1/review-requests', { firstName: 'Luc', emailTo: 'x@client.example', locale: 'FR' }, 'locale'],
    ['/rest-api-v1/customer-feedback-system', { customerName: 'Luc', email: 'x@client.example', locale: '' }, 'locale'],
  ])('refuses a language other than en or fr on %s (%j) with a 400 naming %s', async (path, body, field) => {
    const { token } = await vendorIn('QC');
    const res = await request(t.http).post(path).set(bearer(token)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({
      field,
      message: expect.stringMatching(/one of the following values: en, fr/),
    });
  });

  it('refuses a customerLocale other than en or fr on a lead', async () => {
    const { vendor } = await vendorIn('QC');
    const res = await request(t.http).post(`/rest-manager-api-v1/vendors/${vendor.id}/leads`).set(manager).send({
      category: 'x',
      customerName: 'Marc',
      projectDetailsHtml: '<p>x</p>',
      originalJobDescription: 'x',
      customerLocale: 'es',
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field: 'customerLocale', message: expect.any(String) });
  });
});
