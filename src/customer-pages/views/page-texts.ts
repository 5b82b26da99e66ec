import {
  CATALOGUES,
  LANGUAGE_TAGS,
  type MessageKey,
  displayedContact,
  isPhoneNumber,
  text,
  textParts,
} from '../../common/i18n/catalogue';
import { escapeMarkup } from '../../common/markup/escape-markup';
import { SafeHtml, html } from './html';
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

/** What a visitor's request says of their language. */
export interface VisitorLanguage {
  /** Picked with a page's switch link (`?lang=`): carried by every link and form after it. */
  picked: Locale | undefined;
  /** The picked one, else the one the browser prefers (`Accept-Language`) among the pages' languages. */
  preferred: Locale | undefined;
}

/**
 * The language a page is written in: the one the visitor picked with the switch link, else the one
 * their browser prefers, else the journey's own (the process's, the inviter's). A picked language is
 * carried in every link and form of the page, so it holds for the rest of the journey without being
 * stored; the browser's holds as long as the browser asks for it.
 */
export class PageLanguage {
  private constructor(
    readonly locale: Locale,
    private readonly picked: boolean,
  ) {}

  static of({ picked, preferred }: VisitorLanguage, journeys: Locale): PageLanguage {
    return new PageLanguage(preferred ?? journeys, picked !== undefined);
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

  /**
   * The named text with a contact (phone, e-mail or web address) in it, as this language displays it:
   * a phone number is a `tel:` link kept on one line, so it never breaks at its hyphen.
   */
  withContact(name: PageText, values: Record<string, string>, contact: string): SafeHtml {
    const shown = displayedContact(this.locale, contact);
    const markup = isPhoneNumber(contact)
      ? html`<a class="phone" href="tel:${contact.replace(/[^\d+]/g, '')}">${shown}</a>`
      : html`${shown}`;
    const parts = textParts<SafeHtml>(this.locale, pageTextKey(name), { ...values, contact: markup });
    return new SafeHtml(parts.map((part) => (part instanceof SafeHtml ? part.value : escapeMarkup(part))).join(''));
  }

  /** A link to another page of the journey: keeps the language the customer picked. */
  link(path: string): string {
    return this.picked ? withLanguage(path, this.locale) : path;
  }
}
