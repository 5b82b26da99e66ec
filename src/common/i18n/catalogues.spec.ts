import { IntlMessageFormat } from 'intl-messageformat';
import { LOCALES, type Locale } from '../locale/locale';
import { CATALOGUES, type Catalogue, type MessageKey, isSmsText, text } from './catalogue';

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

/** The names a message fills in (as a value, a number, a plural...). */
function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: Element[]): void => {
    for (const element of elements) {
      if ('options' in element) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if ('children' in element) walk(element.children);
      // The parser's TYPE enum: 0 is a literal text, 7 the number of a plural (#); the others name a value.
      const kind = Number(element.type);
      if (kind !== 0 && kind !== 7 && 'value' in element) found.add(element.value);
    }
  };
  walk(new IntlMessageFormat(message, 'en').getAst());
  return [...found].sort();
}

/** What a check compares: a message that differs from the English one on this. */
function differences(catalogue: Catalogue, measure: (key: keyof Catalogue) => unknown): string[] {
  return (Object.keys(CATALOGUES.en) as (keyof Catalogue)[]).filter(
    (key) => JSON.stringify(measure(key)) !== JSON.stringify(placeholdersOf(CATALOGUES.en[key])),
  );
}

/**
 * The French messages allowed to read exactly as the English ones: nothing in them is a word of either
 * language. Every other French message differs, so an English sentence left in `fr.ts` fails here.
 */
const SAME_IN_BOTH: ReadonlySet<MessageKey> = new Set<MessageKey>([
  // The e-mail's postal identification: the vendor's name and its mailing address, as written.
  'message.postalAddress',
]);

const keysOf = (catalogue: Catalogue): MessageKey[] => Object.keys(catalogue) as MessageKey[];

/** The message's words without its placeholders' names: `{vendor}` stands for a word, not its letters. */
const wordsOf = (message: string): string => message.replace(/\{[^{}]*\}/g, 'X');

/**
 * What breaks a page's or an e-mail's typography in this language: French (OQLF, as used in Quebec)
 * puts a no-break space before « : » and inside « », and none (or a narrow one) before ; ! ?;
 * English puts no space before any of them.
 */
function typographyFaults(locale: Locale, message: string): string[] {
  const words = wordsOf(message);
  const faults: string[] = [];
  if (/[ \u00a0][;!?]/.test(words)) faults.push('space before ; ! or ?');
  if (locale === 'fr') {
    if (/(^|[^\u00a0]):/.test(words)) faults.push('no no-break space before :');
    if (/«(?!\u00a0)|(?<!\u00a0)»/.test(words)) faults.push('no no-break space inside « »');
    if (/\d \d{3}\b/.test(words)) faults.push('ordinary space in a number');
  } else if (/ :/.test(words)) faults.push('space before :');
  return faults;
}

/** The messages of a catalogue that break a rule, with what is wrong. */
function faultsOf(locale: Locale, catalogue: Catalogue): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const key of keysOf(catalogue)) {
    const message = catalogue[key];
    // SMS texts: GSM-7, checked in notifications/rendering/sms-texts.spec.ts.
    const faults = isSmsText(key) ? [] : typographyFaults(locale, message);
    // A page's apostrophe is the typographic one, in every language (’, not ').
    if (key.startsWith('page.') && message.includes("'")) faults.push('straight apostrophe on a page');
    if (locale === 'fr' && message === CATALOGUES.en[key] && !SAME_IN_BOTH.has(key)) faults.push('same as English');
    // A date (`le {expiresAt}`: "le 11 décembre") never elides; a name may start with a vowel.
    if (locale === 'fr' && /\b(de|que|le|la|ne|se|je|me|te|jusque|lorsque|puisque) \{(?!expiresAt\})/i.test(message)) {
      faults.push('a word that elides before a vowel, in front of a name');
    }
    if (faults.length > 0) found[key] = faults;
  }
  return found;
}

describe('The message catalogues', () => {
  it.each(LOCALES)('%s has exactly the keys of the English catalogue', (locale) => {
    const keys = Object.keys(CATALOGUES[locale]).sort();
    expect(keys).toEqual(Object.keys(CATALOGUES.en).sort());
  });

  it.each(LOCALES)('%s fills in the same placeholders as English in every message', (locale) => {
    const catalogue = CATALOGUES[locale];
    expect(differences(catalogue, (key) => placeholdersOf(catalogue[key] ?? ''))).toEqual([]);
  });

  it('would catch a key missing in one language, or a placeholder renamed', () => {
    const { 'page.goBack': _left, ...missing } = CATALOGUES.fr;
    expect(Object.keys(missing).sort()).not.toEqual(Object.keys(CATALOGUES.en).sort());
    const renamed = { ...CATALOGUES.fr, 'page.finishedHeading': 'Merci, {prenom}!' };
    expect(differences(renamed, (key) => placeholdersOf(renamed[key]))).toEqual(['page.finishedHeading']);
  });

  it.each(LOCALES)('%s: pages and e-mails keep the typography, French is never the English text', (locale) => {
    expect(faultsOf(locale, CATALOGUES[locale])).toEqual({});
  });

  it('would catch an English sentence in French, a misplaced space and an elision', () => {
    const planted: Catalogue = {
      ...CATALOGUES.fr,
      'page.goBack': CATALOGUES.en['page.goBack'],
      'page.reachVendor': 'Des questions? Communiquez avec {vendor} : {contact}',
      'page.yes': 'Oui !',
      'page.no': '« Non »',
      'page.errorComment': 'Veuillez limiter votre commentaire à 2 000 caractères.',
      'page.optedOutBody': 'Plus de messages de {vendor}.',
    };
    expect(faultsOf('fr', planted)).toEqual({
      'page.goBack': ['same as English'],
      'page.reachVendor': ['no no-break space before :'],
      'page.yes': ['space before ; ! or ?'],
      'page.no': ['no no-break space inside « »'],
      'page.errorComment': ['ordinary space in a number'],
      'page.optedOutBody': ['a word that elides before a vowel, in front of a name'],
    });
    expect(faultsOf('en', { ...CATALOGUES.en, 'page.goBack': 'Go back !' })).toEqual({
      'page.goBack': ['space before ; ! or ?'],
    });
  });

  it('writes French natively, and numbers by the language', () => {
    expect(text('fr', 'message.smsOptOut')).toBe('Répondez ARRET pour vous désabonner.');
    expect(text('fr', 'page.byEmailHeading')).toContain('courriel');
    expect(text('fr', 'page.ratingOption', { n: 1 })).toBe('1 étoile sur 5');
    expect(text('fr', 'page.ratingOption', { n: 4 })).toBe('4 étoiles sur 5');
    expect(text('en', 'page.ratingOption', { n: 4 })).toBe('4 out of 5 stars');
  });

  it('says once who sends, on whose behalf, and what the texts are, in the messages’ French', () => {
    const names = { operatorName: 'Leads Co', vendorName: 'Rénovations Côté', operatorContact: 'aide@leads.example' };
    expect(text('fr', 'message.sentBy', names)).toBe(
      'Message envoyé par Leads Co au nom de l’entreprise Rénovations Côté.',
    );
    const reason = text('fr', 'LEAD_MESSAGE.reason', names);
    expect(reason.match(/transmis/g)).toHaveLength(1);
    expect(reason).toContain('transmise à Rénovations Côté par Leads Co');
    for (const key of ['sms.help', 'sms.helpForVendor', 'sms.helpForLead'] as const) {
      expect(text('fr', key, names)).not.toMatch(/en son nom|\(|demandes de commentaires/);
    }
    expect(text('fr', 'sms.optOutConfirmation', names)).toBe(
      "Leads Co : vous ne recevrez plus aucun texto de notre part, quelle que soit l'entreprise. Pour en recevoir de nouveau, répondez START.",
    );
    expect(text('fr', 'leadAlert.alert.subject', { category: 'Toiture', leadId: 7 })).toBe(
      'Nouvelle demande de soumission\u00a0: Toiture (numéro 7)',
    );
    expect(text('fr', 'leadAlert.lead', { leadId: 7 })).toBe('Numéro de la demande\u00a0: 7');
    expect(text('fr', 'sms.signature', names)).toBe('Rénovations Côté :');
  });
});
