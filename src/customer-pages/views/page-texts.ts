import { CATALOGUES, LANGUAGE_TAGS, type MessageKey, displayedContact, text } from '../../common/i18n/catalogue';
import { LOCALES, type Locale, isLocale } from '../../common/locale/locale';

/** A sentence of the customer pages: its key in the catalogues without the `page.` prefix. */
export type PageText = MessageKey extends infer Key ? (Key extends `page.${infer Name}` ? Name : never) : never;

/** A sentence the customer pages show, given by its catalogue key (a form's validation message). */
export const pageTextKey = (name: PageText): MessageKey => `page.${name}`;

const isPageTextKey = (message: string): message is `page.${PageText}` =>
  message.startsWith('page.') && Object.hasOwn(CATALOGUES.en, message);

/** `path` with `?lang=`/`&lang=` added: the page in that language. */
export function withLanguage(path: string, locale: Locale): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${locale}`;
}

/** The language a customer picked with a page's switch link (`?lang=en|fr`); anything else is no choice. */
export function pickedLanguage(query: unknown): Locale | undefined {
  return isLocale(query) ? query : undefined;
}

/**
 * The language a page is written in: the one the customer picked with the switch link, else the
 * journey's own (the process's). A picked language is carried in every link and form of the page, so
 * it holds for the rest of the journey without being stored.
 */
export class PageLanguage {
  private constructor(
    readonly locale: Locale,
    private readonly picked: boolean,
  ) {}

  static of(picked: Locale | undefined, journeys: Locale): PageLanguage {
    return new PageLanguage(picked ?? journeys, picked !== undefined);
  }

  /** The page's `lang`: the language as spoken in Canada. */
  get tag(): string {
    return LANGUAGE_TAGS[this.locale];
  }

  /** The other languages, which the page's switch links offer. */
  get others(): PageLanguage[] {
    return LOCALES.filter((locale) => locale !== this.locale).map((locale) => new PageLanguage(locale, true));
  }

  /**
   * The named text with its `{values}` filled in, from the message catalogues
   * (`src/common/i18n/catalogues/`); plain text: the `html` tag escapes it where it is used.
   */
  t(name: PageText, values: Record<string, string | number> = {}): string {
    return text(this.locale, pageTextKey(name), values);
  }

  /**
   * A message for the customer from a form's check or a refused answer: a catalogue key, said in the
   * page's language; any other text (a check written for the API) as the catalogue's general sentence.
   */
  say(message: string): string {
    return isPageTextKey(message) ? text(this.locale, message) : this.t('errorAnswer');
  }

  /** A read-only field's copy button: its label, and what it says once the text is copied. */
  copyButton(): { label: string; copied: string } {
    return { label: this.t('copyButton'), copied: this.t('copied') };
  }

  /** A contact (phone, e-mail or web address) as this language displays it. */
  contact(contact: string): string {
    return displayedContact(this.locale, contact);
  }

  /** A link to another page of the journey: keeps the language the customer picked. */
  link(path: string): string {
    return this.picked ? withLanguage(path, this.locale) : path;
  }
}
