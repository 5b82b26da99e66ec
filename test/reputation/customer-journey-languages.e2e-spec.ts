import request from 'supertest';
import { bearer } from '../support/factories';
import { CustomerBrowser, fieldErrors } from '../support/customer-pages';
import { LanguageJourneyBed, OPERATOR, langOf, pagePathIn, wordsOf } from '../support/language-journey';
import { writtenExpiry } from '../../src/lead-alerts/lead-alert-message';
import { smsSize } from '../../src/notifications/rendering/sms-segments';

jest.setTimeout(90_000);

const FR_OPT_OUT = 'Répondez ARRET pour vous désabonner.';
const EN_OPT_OUT = 'Reply STOP to opt out.';
const ERABLE = {
  defaultLocale: 'fr',
  mailingAddress: '1200 rue Sainte-Catherine O, Montréal QC H3B 1K9',
  contactPhone: '514-555-0100',
};

/** docs/contract.md#language end to end: what a French and an English customer receive and see, and the switch. */
describe('A customer journey in French and in English (e2e)', () => {
  const bed = new LanguageJourneyBed();

  beforeAll(() => bed.start());
  afterAll(() => bed.stop());

  const page = (path: string, headers: Record<string, string> = {}) => request(bed.t.http).get(path).set(headers);

  it('serves a Quebec customer in French: e-mail, SMS, reminder, every page and the friend, and the switch holds', async () => {
    const token = await bed.vendor('Rénovations Érable', 'QC', ERABLE);
    const asked = await request(bed.t.http)
      .post('/rest-api-v1/review-requests')
      .set(bearer(token))
      .send({ firstName: 'Luc', emailTo: 'luc@client.example', phone: '514-555-0188' });
    expect(asked.status).toBe(201);

    const email = (await bed.mail('luc@client.example', 1)).parsed;
    expect(email.subject).toBe('Pourriez-vous donner votre avis sur Rénovations Érable?');
    expect(email.text).toMatch(/^Bonjour Luc,\n\nMerci d’avoir fait confiance à Rénovations Érable!/);
    expect(email.text).toContain('\n\nAu plaisir,\nRénovations Érable\n\n--\n');
    expect(email.text).toContain(
      'Message envoyé par Leads Co au nom de l’entreprise Rénovations Érable.\n' +
        `Rénovations Érable, ${ERABLE.mailingAddress}\nPour joindre Rénovations Érable\u00a0: 514\u00a0555-0100\n` +
        'Pour ne plus recevoir ces messages\u00a0: ',
    );
    expect(langOf(email.html || '')).toBe('fr-CA');
    const sms = await bed.sms('5145550188', 1);
    expect(sms).toMatch(/^Bonjour Luc, ici Rénovations Érable\. Merci de nous avoir fait confiance!/);
    expect(sms.endsWith(`\n${FR_OPT_OUT}`)).toBe(true);

    await bed.remind();
    expect((await bed.mail('luc@client.example', 2)).parsed.subject).toBe(
      'Petit rappel\u00a0: pourriez-vous donner votre avis sur Rénovations Érable?',
    );
    expect(await bed.sms('5145550188', 2)).toMatch(/^Bonjour Luc, ici Rénovations Érable\. Petit rappel : /);

    const customer = new CustomerBrowser(bed.t.http, pagePathIn(email.text!));
    const question = await customer.view();
    expect(langOf(question)).toBe('fr-CA');
    expect(wordsOf(question)).toContain(
      'Bonjour Luc, votre expérience avec Rénovations Érable a-t-elle répondu à vos attentes?',
    );
    expect(wordsOf(question)).toContain('Des questions? Communiquez avec Rénovations Érable\u00a0: 514\u00a0555-0100');
    expect(question).toMatch(
      new RegExp(`href="${customer.path}\\?lang=en" lang="en-CA" hreflang="en-CA"\\s*>English</a`),
    );

    await customer.submit('/review', { happy: 'yes' });
    const sites = await customer.view();
    expect(wordsOf(sites)).toContain('Merci, Luc! Accepteriez-vous de publier un avis?');
    expect(wordsOf(sites)).toContain('Donner mon avis sur Google');
    await customer.submit('/review/confirm');
    const referral = await customer.view();
    expect(langOf(referral)).toBe('fr-CA');
    expect(wordsOf(referral)).toContain('Merci pour votre avis, Luc!');

    // A refused invitation says what to fix in French, next to the field.
    const refused = await customer.post('/referrals/email', { referrerName: 'Luc', email: 'pas-une-adresse' });
    expect(refused.status).toBe(400);
    expect(langOf(refused.text)).toBe('fr-CA');
    expect(fieldErrors(refused.text).email).toBe(
      'Veuillez inscrire l’adresse courriel de la personne, par exemple nom@exemple.com.',
    );
    await customer.submit('/referrals/email', { referrerName: 'Luc', friendName: 'Julie', email: 'julie@ami.example' });
    const invitation = (await bed.mail('julie@ami.example', 1)).parsed;
    expect(invitation.subject).toBe('Luc vous recommande Rénovations Érable');

    const friend = new CustomerBrowser(bed.t.http, pagePathIn(invitation.text!));
    const invited = await friend.view();
    expect(langOf(invited)).toBe('fr-CA');
    expect(wordsOf(invited)).toContain('Luc vous recommande Rénovations Érable');
    const noName = await friend.post('', { name: '', email: 'julie@ami.example' });
    expect(fieldErrors(noName.text).name).toBe('Veuillez inscrire votre nom (100 caractères au maximum).');

    // The friend switches to English: the page, its form, and the page after it.
    const english = await friend.view(`${friend.path}?lang=en`);
    expect(langOf(english)).toBe('en-CA');
    expect(wordsOf(english)).toContain('Luc recommends Rénovations Érable');
    expect(english).toContain(`action="${friend.path}?lang=en"`);
    const sent = await request(bed.t.http)
      .post(`${friend.path}?lang=en`)
      .type('form')
      .send({ name: 'Julie', email: 'julie@ami.example' });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`${friend.path}?sent=1&lang=en`);
    const thanks = await friend.view(sent.headers.location);
    expect(langOf(thanks)).toBe('en-CA');
    expect(wordsOf(thanks)).toContain('Rénovations Érable has your request');
    // Without the choice in the address, the friend's page is the referrer's language again.
    expect(langOf(await friend.view())).toBe('fr-CA');

    const unsubscribe = await customer.view(`${customer.path}/unsubscribe`);
    expect(langOf(unsubscribe)).toBe('fr-CA');
    expect(wordsOf(unsubscribe)).toContain('Ne plus recevoir les messages envoyés par Rénovations Érable?');
  });

  it("serves an Ontario vendor's customer in English, the operator's address and contact standing in, and switches to French", async () => {
    const token = await bed.vendor('Maple Renovations', 'Ontario', null);
    const asked = await request(bed.t.http)
      .post('/rest-api-v1/customer-feedback-system')
      .set(bearer(token))
      .send({ customerName: 'Emma Brown', email: 'emma@client.example', phone: '416-555-0177' });
    expect(asked.status).toBe(201);

    const email = (await bed.mail('emma@client.example', 1)).parsed;
    expect(email.subject).toBe('How did Maple Renovations do?');
    expect(email.text).toMatch(/^Hi Emma,/);
    expect(email.text).toContain(
      'Sent by Leads Co on behalf of Maple Renovations.\n' +
        `Maple Renovations, ${OPERATOR.OPERATOR_MAILING_ADDRESS}\nContact Leads Co: ${OPERATOR.OPERATOR_CONTACT}\n` +
        'To stop receiving these messages: ',
    );
    expect(langOf(email.html || '')).toBe('en-CA');
    const sms = await bed.sms('4165550177', 1);
    expect(sms).toMatch(/^Hi Emma, it's Maple Renovations\. Thank you for choosing us!/);
    expect(sms.endsWith(`\n${EN_OPT_OUT}`)).toBe(true);

    await bed.remind();
    expect((await bed.mail('emma@client.example', 2)).parsed.subject).toBe(
      'A quick reminder: how did Maple Renovations do?',
    );
    expect(await bed.sms('4165550177', 2)).toMatch(/^Reminder from Maple Renovations: Hi Emma/);

    const customer = new CustomerBrowser(bed.t.http, pagePathIn(email.text!));
    const feedback = await customer.view();
    expect(langOf(feedback)).toBe('en-CA');
    expect(wordsOf(feedback)).toContain('Hi Emma, how did Maple Renovations do?');
    expect(wordsOf(feedback)).toContain(`Questions? Contact Maple Renovations: ${OPERATOR.OPERATOR_CONTACT}`);
    const refused = await customer.post('/feedback', { wouldRefer: 'no' });
    expect(fieldErrors(refused.text).rating).toBe('Please choose a rating from 1 to 5 stars.');

    // The switch: the same page in French, its forms carrying the choice, and the next page in French.
    const french = await customer.view(`${customer.path}?lang=fr`);
    expect(langOf(french)).toBe('fr-CA');
    expect(wordsOf(french)).toContain('Bonjour Emma, comment s’est déroulé votre projet avec Maple Renovations?');
    expect(french).toContain(`action="${customer.path}/feedback?lang=fr"`);
    expect(french).toContain(`href="${customer.path}/unsubscribe?lang=fr"`);
    const refusedInFrench = await request(bed.t.http)
      .post(`${customer.path}/feedback?lang=fr`)
      .type('form')
      .send({ wouldRefer: 'no' });
    expect(langOf(refusedInFrench.text)).toBe('fr-CA');
    expect(fieldErrors(refusedInFrench.text).rating).toBe('Veuillez choisir une note de 1 à 5 étoiles.');
    const answered = await request(bed.t.http)
      .post(`${customer.path}/feedback?lang=fr`)
      .type('form')
      .send({ rating: '2', wouldRefer: 'no' });
    expect(answered.headers.location).toBe(`${customer.path}?lang=fr`);
    const sorry = await customer.view(answered.headers.location);
    expect(langOf(sorry)).toBe('fr-CA');
    expect(wordsOf(sorry)).toContain('Emma, votre expérience avec Maple Renovations n’a pas été à la hauteur?');
    expect(wordsOf(await customer.view())).toContain('Maple Renovations is sorry to hear that, Emma.');
  });

  it.each([
    ['fr-CA,fr;q=0.9,en;q=0.8', '', 'fr-CA', 'Ce lien n’est pas valide'],
    ['fr', '', 'fr-CA', 'Ce lien n’est pas valide'],
    ['en-US,en;q=0.9', '', 'en-CA', 'This link is not valid'],
    ['de-DE', '', 'en-CA', 'This link is not valid'],
    ['en-CA', '?lang=fr', 'fr-CA', 'Ce lien n’est pas valide'],
  ])('answers an unknown link for Accept-Language %s%s in %s', async (accept, query, tag, words) => {
    const res = await page(`/r/${'A'.repeat(24)}${query}`, { 'Accept-Language': accept });
    expect(res.status).toBe(404);
    expect(langOf(res.text)).toBe(tag);
    expect(wordsOf(res.text)).toContain(words);
  });

  it('ends every e-mail with who is writing, where, how to reach them and the unsubscribe link; every SMS with how to stop', () => {
    // The referred friend's request is a lead, alerted to the vendor's own address (createVendor's
    // domain): the vendor's people, not a customer, so it carries no unsubscribe link.
    const mails = bed.harness.sink.received.filter((mail) => !mail.to.every((to) => to.endsWith('@test.example')));
    expect(mails.length).toBeGreaterThanOrEqual(5);
    for (const { parsed } of mails) {
      const text = parsed.text ?? '';
      const unsubscribe =
        /\nTo stop receiving these messages: (\S+)\n$|\nPour ne plus recevoir ces messages\u00a0: (\S+)\n$/;
      const link = unsubscribe.exec(text);
      expect({ subject: parsed.subject, unsubscribe: link !== null }).toEqual({
        subject: parsed.subject,
        unsubscribe: true,
      });
      const url = link![1] ?? link![2];
      expect(url).toMatch(/\/[ri]\/[A-Za-z0-9_-]{24}\/unsubscribe$/);
      expect(parsed.html).toContain(`href="${url}"`);
      expect(text).toMatch(
        / (Sent by Leads Co on behalf of|Message envoyé par Leads Co au nom de l’entreprise) [^\n]+\.\n/,
      );
      expect(text).toMatch(
        /\n(Contact [^\n:]+: (514-555-0100|1-800-555-0199)|Pour joindre [^\n:]+\u00a0: (514\u00a0555-0100|1-800-555-0199))\n/,
      );
      expect(text).toMatch(new RegExp(`, (${ERABLE.mailingAddress}|${OPERATOR.OPERATOR_MAILING_ADDRESS})\\n`));
    }
    const texts = bed.harness.sms.messages.map((message) => message.form.Body);
    expect(texts.length).toBeGreaterThanOrEqual(4);
    for (const body of texts) expect(body.endsWith(`\n${EN_OPT_OUT}`) || body.endsWith(`\n${FR_OPT_OUT}`)).toBe(true);
  });

  // Runs last: its alerts are not customer messages, which the test above reads all of.
  it("alerts the vendor's people of a new lead in the vendor's language, its expiry written as that language writes it", async () => {
    const erable = await bed.vendor('Rénovations Érable Alertes', 'QC', ERABLE);
    const maple = await bed.vendor('Maple Alerts', 'Ontario', null);
    const inFrench = await bed.assignLead(erable, 'dispatch@erable.example', '514-555-0140');
    const inEnglish = await bed.assignLead(maple, 'dispatch@maple.example', '416-555-0140');

    const french = (await bed.mail('dispatch@erable.example', 1)).parsed;
    expect(french.subject).toBe(`Nouvelle demande de soumission\u00a0: Cuisine (numéro ${inFrench.id})`);
    expect(langOf(french.html || '')).toBe('fr-CA');
    const frenchExpiry = writtenExpiry('fr', inFrench.expiresAt, 'America/Toronto', ' ');
    // The hour without a leading zero (OQLF: "6 h 30").
    expect(frenchExpiry).toMatch(/^\d{1,2} [a-zéû]+\.? \d{4} à [1-9]?\d h \d{2} H[NA]E$/);
    expect(french.text).toContain(
      'Une nouvelle demande de soumission vient d’être attribuée à Rénovations Érable Alertes.',
    );
    // In the e-mail, no-break spaces keep the date and the time each on one line.
    const unbroken = writtenExpiry('fr', inFrench.expiresAt, 'America/Toronto', '\u00a0');
    expect(french.text).toContain(`Expire le ${unbroken} si elle n’a pas été acceptée`);
    expect(french.text).toContain(
      'Travaux\u00a0: Refaire la cuisine : armoires, comptoirs et dosseret. Écrivez-moi à [coordonnées masquées].',
    );
    expect(french.text).toContain('Alerte envoyée par Leads Co\u00a0:');
    const frenchSms = await bed.sms('5145550140', 1);
    expect(frenchSms).toBe(
      `Leads Co : nouvelle demande ${inFrench.id} pour Rénovations Érable Alertes, Cuisine. ` +
        `"Refaire la cuisine : armoires, comptoirs et dosseret. Écrivez-moi à [coordonnées masquées]." ` +
        `Expire le ${frenchExpiry}.`,
    );
    expect(smsSize(frenchSms).encoding).toBe('GSM-7');
    expect(smsSize(frenchSms).segments).toBeLessThanOrEqual(2);

    const english = (await bed.mail('dispatch@maple.example', 1)).parsed;
    expect(english.subject).toBe(`New lead ${inEnglish.id}: Cuisine`);
    expect(langOf(english.html || '')).toBe('en-CA');
    expect(english.text).toContain('A new lead was just assigned to Maple Alerts.');
    const englishSms = await bed.sms('4165550140', 1);
    expect(englishSms).toMatch(new RegExp(`^Leads Co: new lead ${inEnglish.id} for Maple Alerts: Cuisine\\. "`));
    expect(englishSms).toContain(`Expires ${writtenExpiry('en', inEnglish.expiresAt, 'America/Toronto', ' ')}.`);
  });
});
