import { MAX_SMS_SEGMENTS, renderEmail, renderSms } from './render-notification';
import { smsSize } from './sms-segments';

const fields = {
  firstName: 'Jane',
  vendorName: 'Acme Renovations',
  link: 'https://app.example/r/tok123',
  unsubscribeLink: 'https://app.example/r/tok123/unsubscribe',
};
const OPERATOR = { name: 'Leads Co', mailingAddress: '100 King St W, Toronto ON', contact: '1-800-555-0100' };
/** A Quebec vendor whose name has an ô: every text naming it is UCS-2. */
const COTE = 'Rénovations Côté & Fils Québec';
const named = (vendorName: string, firstName: string) => ({
  firstName,
  vendorName,
  link: 'https://reviews.example.com/r/AbCdEfGhIjKlMnOpQrStUvWx',
  unsubscribeLink: 'https://reviews.example.com/r/AbCdEfGhIjKlMnOpQrStUvWx/unsubscribe',
});

describe('reminders', () => {
  it('say they are a reminder in their default wording, with the same link', () => {
    const email = renderEmail('REVIEW_REMINDER', fields, null, OPERATOR, 'en');
    expect(email.subject).toBe('A quick reminder: would you review Acme Renovations?');
    expect(email.text).toMatch(/^Hi Jane,\n\nJust a friendly reminder/);
    expect(email.text).toContain('\nhttps://app.example/r/tok123\n');
    expect(renderSms('FEEDBACK_REMINDER', fields, null, 'en')).toMatch(
      /^Reminder from Acme Renovations: Hi Jane, how did we do\?/,
    );
  });

  it("put a paragraph saying so before the vendor's custom message, which keeps its own first letter", () => {
    const email = renderEmail('REVIEW_REMINDER', fields, 'Dear {firstName}, please review us: {link}', OPERATOR, 'en');
    expect(email.text).toMatch(
      /^A friendly reminder from Acme Renovations\.\n\nDear Jane, please review us: https:\/\/app\.example\/r\/tok123\n/,
    );
    expect(email.html).toContain(
      '<p style="margin:0 0 16px">A friendly reminder from Acme Renovations.</p>\n<p style="margin:0 0 16px">Dear Jane',
    );
    const fr = renderEmail('REVIEW_REMINDER', fields, 'Bonjour {firstName}! {link}', OPERATOR, 'fr');
    expect(fr.text).toMatch(/^Petit rappel amical envoyé par Acme Renovations\.\n\nBonjour Jane! /);
    const sms = renderSms('REVIEW_REMINDER', fields, 'Review {vendorName}?', 'en');
    expect(sms).toMatch(/^Reminder:\nReview Acme Renovations\? https:\/\/app\.example\/r\/tok123\n/);
    // A custom text that does not name the vendor is signed with its name (in French, a space before ":").
    expect(renderSms('REVIEW_REMINDER', fields, 'Un avis?', 'fr')).toMatch(
      /^Rappel :\nAcme Renovations : Un avis\? https/,
    );
  });

  it("keeps the vendor's custom text in an English review reminder of an accented vendor", () => {
    const custom =
      "Hi {firstName}, it's {vendorName}. Thanks again for trusting us with your renovation! " +
      'Would you share your experience? It helps other homeowners find us. {link}';
    const sms = renderSms('REVIEW_REMINDER', named(COTE, 'Luc'), custom, 'en');
    expect(sms).toMatch(/^Reminder:\nHi Luc, it's Rénovations Côté & Fils Québec\. Thanks again for trusting us/);
    expect(smsSize(sms).segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
  });
});
