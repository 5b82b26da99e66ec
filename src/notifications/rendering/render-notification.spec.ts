import { CUSTOMER_PURPOSES } from '../notification.types';
import { LOCALES } from '../../common/locale/locale';
import { MAX_SMS_SEGMENTS, renderEmail, renderSms } from './render-notification';
import { smsSize, toGsm7 } from './sms-segments';

const fields = {
  firstName: 'Jane',
  vendorName: 'Acme Renovations',
  link: 'https://app.example/r/tok123',
  unsubscribeLink: 'https://app.example/r/tok123/unsubscribe',
};
const OPERATOR = { name: 'Leads Co', mailingAddress: '100 King St W, Toronto ON', contact: '1-800-555-0100' };

describe('renderEmail', () => {
  it('fills the default template of the purpose: a text part, and HTML with a preheader, one button and the footer', () => {
    const email = renderEmail('REVIEW_REQUEST', fields, null, OPERATOR, 'en');
    expect(email.subject).toBe('Would you review Acme Renovations?');
    expect(email.text).toMatch(/^Hi Jane,\n\nThank you for choosing Acme Renovations!/);
    expect(email.text).toContain('\nhttps://app.example/r/tok123\n');
    expect(email.text).toContain('Sent by Leads Co on behalf of Acme Renovations.');
    expect(email.text).toContain('To stop receiving these messages: https://app.example/r/tok123/unsubscribe');
    expect(email.html).toMatch(
      /<div style="display:none[^"]*">A few words from you help other homeowners find Acme Renovations\.<\/div>/,
    );
    expect(
      email.html.match(/<a href="https:\/\/app\.example\/r\/tok123" style="display:inline-block[^"]*">/g),
    ).toHaveLength(1);
    expect(email.html).toContain('>Share your experience</a>');
    expect(email.html).toMatch(
      /<a href="https:\/\/app\.example\/r\/tok123\/unsubscribe" style="display:inline-block;padding:10px 0[^"]*">Unsubscribe<\/a>/,
    );
    // The raw address is only the fallback line, wrapping on a phone.
    expect(email.html).toContain('word-break:break-all">https://app.example/r/tok123</a>');
  });

  it('declares a dark scheme, whose colours the classes of the card, text, links and button take', () => {
    const { html } = renderEmail('FEEDBACK_REQUEST', fields, null, OPERATOR, 'fr');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    const dark = /@media \(prefers-color-scheme:dark\)\{([^]*?)\n\}/.exec(html)![1];
    for (const name of ['page', 'card', 'body', 'footer', 'link', 'button']) {
      expect(dark).toMatch(new RegExp(`\\.${name}[ {]`));
      expect(html).toMatch(new RegExp(`class="${name}"`));
    }
  });

  it('uses the custom message with its merge fields, and adds the button when the message has no link', () => {
    const email = renderEmail(
      'FEEDBACK_REQUEST',
      fields,
      'Dear {firstName},\r\nplease rate {vendorName}.',
      OPERATOR,
      'en',
    );
    expect(email.subject).toBe('How did Acme Renovations do?');
    expect(email.text).toMatch(
      /^Dear Jane,\nplease rate Acme Renovations\.\n\nhttps:\/\/app\.example\/r\/tok123\n\n--\n/,
    );
    expect(email.html).toContain('<p style="margin:0 0 16px">Dear Jane,<br>please rate Acme Renovations.</p>');
    expect(email.html).toContain('>Tell us how we did</a>');
  });

  it('escapes merge fields and the custom message in the HTML part, never in the text part', () => {
    const email = renderEmail(
      'REVIEW_REQUEST',
      { ...fields, firstName: '<script>alert("x")</script>', vendorName: 'Bob & Sons' },
      '<b>Hi</b> {firstName} from {vendorName}: {link}',
      OPERATOR,
      'en',
    );
    expect(email.html).toContain(
      '&lt;b&gt;Hi&lt;/b&gt; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; from Bob &amp; Sons',
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>');
    expect(email.text).toContain('<b>Hi</b> <script>alert("x")</script> from Bob & Sons: https://app.example/r/tok123');
  });

  it('names the referrer in a friend\'s invitation, keeps line breaks out of the subject and greets "there" without a name', () => {
    const email = renderEmail(
      'REFERRAL_INVITATION',
      { ...fields, firstName: ' ', vendorName: 'Acme\r\nBcc: x@evil.example', referrerName: 'Sam Lee' },
      null,
      OPERATOR,
      'en',
    );
    expect(email.subject).toBe('Sam Lee recommends Acme Bcc: x@evil.example');
    expect(email.text).toMatch(/^Hi there,\n\nSam Lee recently worked with/);
    expect(email.text).toContain('You received this one-time message because Sam Lee asked');
    expect(email.text).not.toContain('your recent project');
  });

  it('leaves unknown placeholders as they are', () => {
    expect(renderEmail('REVIEW_REQUEST', fields, 'Hello {lastName} {link}', OPERATOR, 'en').text).toMatch(
      /^Hello \{lastName\} https/,
    );
  });
});

describe('who is writing (CASL)', () => {
  it.each([
    [
      'en',
      'Sent by Leads Co on behalf of Acme Renovations.',
      'Contact Acme Renovations: ',
      'Contact Leads Co: ',
      'To stop receiving these messages: ',
    ],
    [
      'fr',
      'Message transmis par Leads Co pour Acme Renovations.',
      'Pour joindre Acme Renovations\u00a0: ',
      'Pour joindre Leads Co\u00a0: ',
      'Pour ne plus recevoir ces messages\u00a0: ',
    ],
  ] as const)(
    'ends every %s e-mail with the sender, the address, a contact named as whose it is, and the unsubscribe link',
    (locale, sentBy, reach, reachOperator, stop) => {
      for (const purpose of CUSTOMER_PURPOSES) {
        const own = renderEmail(
          purpose,
          { ...fields, mailingAddress: '5 rue Principale, Laval QC', contact: 'https://acme.example' },
          null,
          OPERATOR,
          locale,
        );
        expect(own.text).toContain(
          `${sentBy}\nAcme Renovations, 5 rue Principale, Laval QC\n${reach}https://acme.example\n${stop}${fields.unsubscribeLink}\n`,
        );
        expect(own.html).toContain('Acme Renovations, 5 rue Principale, Laval QC<br>');
        // Without the vendor's own, the operator's address and contact.
        const operators = renderEmail(purpose, fields, null, OPERATOR, locale);
        expect(operators.text).toContain(
          `\nAcme Renovations, 100 King St W, Toronto ON\n${reachOperator}1-800-555-0100\n`,
        );
      }
    },
  );

  it('signs a custom SMS that does not name the vendor with its name', () => {
    expect(renderSms('REVIEW_REQUEST', fields, 'Thanks {firstName}!', 'en')).toMatch(
      /^Acme Renovations: Thanks Jane! https/,
    );
    expect(renderSms('REVIEW_REQUEST', fields, '{vendorName} thanks you', 'en')).toMatch(
      /^Acme Renovations thanks you https/,
    );
  });
});

describe('renderSms', () => {
  it('is the text with its one link, then how to stop', () => {
    expect(renderSms('REVIEW_REQUEST', fields, null, 'en')).toBe(
      "Hi Jane, it's Acme Renovations. Thanks for choosing us! Would you leave us a quick review? https://app.example/r/tok123\n" +
        'Reply STOP to opt out.',
    );
  });

  it('uses the custom message and adds the link when it is missing', () => {
    expect(renderSms('FEEDBACK_REQUEST', fields, '{vendorName} here, {firstName}: how did we do?', 'en')).toBe(
      'Acme Renovations here, Jane: how did we do? https://app.example/r/tok123\nReply STOP to opt out.',
    );
  });

  /** The longest names the APIs accept: a vendor's 200 characters, a customer's 100. */
  const longest = (vendorName: string) => ({
    firstName: 'Alexandra-Maximilienne'.padEnd(100, 'e'),
    vendorName: vendorName.padEnd(200, ' Renovations'),
    referrerName: 'Christopher-Emmanuel'.padEnd(100, 'l'),
    link: 'https://reviews.example.com/r/AbCdEfGhIjKlMnOpQrStUvWx',
    unsubscribeLink: 'https://reviews.example.com/r/AbCdEfGhIjKlMnOpQrStUvWx/unsubscribe',
  });
  const cases = LOCALES.flatMap((locale) =>
    CUSTOMER_PURPOSES.flatMap((purpose) =>
      ['Maple Leaf Kitchen & Bath', 'Fenêtres Côté & Frères', 'Toitures 🏠 Boréal'].map(
        (vendorName) => [purpose, locale, vendorName] as const,
      ),
    ),
  );

  it.each(cases)('writes %s in %s within two parts, its vendor named, with the longest %j', (purpose, locale, name) => {
    const sms = renderSms(purpose, longest(name), null, locale);
    expect(smsSize(sms).segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
    expect(sms.match(/https:\/\//g)).toHaveLength(1);
    expect(sms).toContain(toGsm7(name).slice(0, 15));
    expect(
      sms.endsWith(
        locale === 'fr' ? '\nRépondez ARRET pour ne plus recevoir de messages.' : '\nReply STOP to opt out.',
      ),
    ).toBe(true);
  });

  it.each(LOCALES)('keeps the %s SMS in GSM-7 when the names are written in Latin letters', (locale) => {
    for (const purpose of CUSTOMER_PURPOSES) {
      expect(smsSize(renderSms(purpose, longest('Fenêtres Côté & Frères'), null, locale)).encoding).toBe('GSM-7');
    }
  });
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

  it("put a first line saying so before the vendor's custom message", () => {
    const email = renderEmail('REVIEW_REMINDER', fields, 'Dear {firstName}, please review us: {link}', OPERATOR, 'en');
    expect(email.text).toMatch(
      /^A friendly reminder from Acme Renovations:\nDear Jane, please review us: https:\/\/app\.example\/r\/tok123\n/,
    );
    expect(email.html).toContain('A friendly reminder from Acme Renovations:<br>Dear Jane');
    const sms = renderSms('REVIEW_REMINDER', fields, 'Review {vendorName}?', 'en');
    expect(sms).toMatch(
      /^Reminder from Acme Renovations:\nReview Acme Renovations\? https:\/\/app\.example\/r\/tok123\n/,
    );
  });
});
