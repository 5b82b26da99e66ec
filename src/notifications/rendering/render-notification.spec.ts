import { CUSTOMER_PURPOSES } from '../notification.types';
import { LOCALES } from '../../common/locale/locale';
import { text } from '../../common/i18n/catalogue';
import { MAX_SMS_SEGMENTS, customSmsSize, renderEmail, renderSms } from './render-notification';
import { smsSize } from './sms-segments';

const fields = {
  firstName: 'Jane',
  vendorName: 'Acme Renovations',
  link: 'https://app.example/r/tok123',
  unsubscribeLink: 'https://app.example/r/tok123/unsubscribe',
};
const OPERATOR = { name: 'Leads Co', mailingAddress: '100 King St W, Toronto ON', contact: '1-800-555-0100' };

const named = (vendorName: string, firstName = 'Anaïs', referrerName = 'Zoé') => ({
  firstName,
  vendorName,
  referrerName,
  link: 'https://reviews.example.com/r/AbCdEfGhIjKlMnOpQrStUvWx',
  unsubscribeLink: 'https://reviews.example.com/r/AbCdEfGhIjKlMnOpQrStUvWx/unsubscribe',
});

/** A Quebec vendor whose name has an ô (every French SMS of it is UCS-2), and its own French text. */
const COTE = 'Rénovations Côté & Fils Québec';
const COTE_TEXT =
  'Bonjour {firstName}, ici {vendorName}. Merci d’avoir choisi notre équipe! ' +
  'Votre avis aide vos voisins à nous trouver. Auriez-vous une minute pour nous en laisser un? {link}';

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
      'Message envoyé par Leads Co au nom de l’entreprise Acme Renovations.',
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

  /** A 100-character vendor name full of accents and typographic apostrophes, as Quebec writes them. */
  const QUEBEC_NAME =
    'Rénovations Côté & Frères d’Île-d’Orléans, Entrepreneurs Généraux en Bâtiment, Maçonnerie, Toitures'
      .padEnd(100, '.')
      .slice(0, 100);
  /** A name as an SMS writes it: as given, its apostrophes in GSM-7. */
  const written = (name: string) => name.replaceAll('’', "'");
  const OPT_OUT = { en: '\nReply STOP to opt out.', fr: '\nRépondez ARRET pour vous désabonner.' };
  const CUSTOM = '{vendorName} ici. Merci {firstName}! '.padEnd(600, 'Votre avis compte beaucoup pour nous. ');
  const cases = LOCALES.flatMap((locale) =>
    CUSTOMER_PURPOSES.flatMap((purpose) =>
      [null, CUSTOM].flatMap((custom) =>
        [QUEBEC_NAME, 'Fenêtres Côté & Frères', 'Maple Leaf Kitchen & Bath'].map(
          (vendorName) => [purpose, locale, custom === null ? 'default' : 'custom', vendorName] as const,
        ),
      ),
    ),
  );

  it.each(cases)('writes %s in %s (%s text) in four parts at most, %j whole', (purpose, locale, text, vendorName) => {
    const sms = renderSms(purpose, named(vendorName), text === 'custom' ? CUSTOM : null, locale);
    expect({ segments: smsSize(sms).segments, sms }).toEqual({ segments: expect.any(Number), sms });
    expect(smsSize(sms).segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
    expect(sms).toContain(written(vendorName));
    if (purpose === 'REFERRAL_INVITATION') expect(sms).toContain('Zoé');
    expect(sms.match(/https:\/\//g)).toHaveLength(1);
    expect(sms).toContain('https://reviews.example.com/r/AbCdEfGhIjKlMnOpQrStUvWx');
    expect(sms.endsWith(OPT_OUT[locale])).toBe(true);
  });

  it('keeps the letters of names as given, and the default text when it fits: UCS-2 rather than a misspelling', () => {
    const sms = renderSms('REVIEW_REQUEST', named('Fenêtres Côté & Frères', 'Anaïs'), null, 'en');
    expect(sms).toBe(
      "Hi Anaïs, it's Fenêtres Côté & Frères. Thanks for choosing us! Would you leave us a quick review? " +
        'https://reviews.example.com/r/AbCdEfGhIjKlMnOpQrStUvWx\nReply STOP to opt out.',
    );
    expect(smsSize(sms).encoding).toBe('UCS-2');
  });

  it.each(LOCALES)('stays in GSM-7 in %s when the names are written in its letters', (locale) => {
    for (const purpose of CUSTOMER_PURPOSES) {
      const sms = renderSms(purpose, named('Renée & Frères d’Orléans', 'Hélène', 'Zoé'), null, locale);
      expect(smsSize(sms).encoding).toBe('GSM-7');
      expect(sms).toContain("Renée & Frères d'Orléans");
    }
  });

  it('sends whole, in more parts, a text whose names alone cannot fit: never a cut name', () => {
    const twice = `${QUEBEC_NAME} ${QUEBEC_NAME}`;
    const sms = renderSms('REFERRAL_INVITATION', named(twice), null, 'fr');
    expect(sms).toBe(
      `Bonjour Anaïs, ici ${written(twice)}. Zoé vous recommande nos services : https://reviews.example.com/r/AbCdEfGhIjKlMnOpQrStUvWx${OPT_OUT.fr}`,
    );
    expect(smsSize(sms).segments).toBeGreaterThan(MAX_SMS_SEGMENTS);
  });

  it('sends the vendor’s own French text to a customer of an accented vendor, greeted and named, in four parts', () => {
    const sms = renderSms('REVIEW_REQUEST', named(COTE, 'Luc'), COTE_TEXT, 'fr');
    expect(sms).toBe(
      `Bonjour Luc, ici ${COTE}. Merci d'avoir choisi notre équipe! Votre avis aide vos voisins à nous trouver. ` +
        'Auriez-vous une minute pour nous en laisser un? ' +
        `https://reviews.example.com/r/AbCdEfGhIjKlMnOpQrStUvWx${OPT_OUT.fr}`,
    );
    expect(sms.length).toBeGreaterThan(3 * 67);
    expect(smsSize(sms)).toEqual({ encoding: 'UCS-2', segments: 4 });
  });

  it.each(LOCALES)('greets the customer and names the speaker in every %s short form', (locale) => {
    const values = { firstName: 'Luc', vendorName: COTE, referrerName: 'Zoé', link: 'https://x.example/r/t' };
    const greeting = locale === 'fr' ? `Bonjour Luc, ici ${COTE}` : `Hi Luc, it's ${COTE}`;
    for (const purpose of CUSTOMER_PURPOSES) expect(text(locale, `${purpose}.smsShort`, values)).toMatch(greeting);
    expect(text(locale, 'sms.shortest', values)).toMatch(greeting);
    // A default too long for the parts with a 100-character name leaves the short form, greeted.
    expect(renderSms('REVIEW_REQUEST', named(QUEBEC_NAME, 'Luc'), null, locale)).toMatch(
      locale === 'fr' ? /^Bonjour Luc, ici Rénovations .*\. Un avis sur nos services\? / : /^Hi Luc, it's Rénovations /,
    );
  });

  it('measures a custom text as it would be sent, with its first line where the purpose has one', () => {
    expect(customSmsSize('REVIEW_REQUEST', named(COTE, 'Luc'), COTE_TEXT, 'fr')).toEqual({
      encoding: 'UCS-2',
      segments: 4,
    });
    expect(customSmsSize('REVIEW_REQUEST', named(COTE, 'Luc'), `${COTE_TEXT} ${COTE_TEXT}`, 'fr').segments).toBe(8);
    expect(customSmsSize('REVIEW_REMINDER', fields, 'Review us? {link}', 'en')).toEqual({
      encoding: 'GSM-7',
      segments: 1,
    });
  });
});
