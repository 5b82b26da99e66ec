import { IntlMessageFormat } from 'intl-messageformat';
import { LOCALES } from '../locale/locale';
import { CATALOGUES, type Catalogue, text } from './catalogue';

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

  it('writes French natively, and numbers by the language', () => {
    expect(text('fr', 'message.smsOptOut')).toBe('Répondez ARRET pour ne plus recevoir de messages.');
    expect(text('fr', 'page.byEmailHeading')).toContain('courriel');
    expect(text('fr', 'page.ratingOption', { n: 1 })).toBe('1 étoile sur 5');
    expect(text('fr', 'page.ratingOption', { n: 4 })).toBe('4 étoiles sur 5');
    expect(text('en', 'page.ratingOption', { n: 4 })).toBe('4 out of 5 stars');
  });
});
