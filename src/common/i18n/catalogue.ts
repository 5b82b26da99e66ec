import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from '../locale/locale';
import { type Catalogue, EN, type MessageKey } from './catalogues/en';
import { FR } from './catalogues/fr';

export type { Catalogue, MessageKey };

export const CATALOGUES: Record<Locale, Catalogue> = { en: EN, fr: FR };

/** The BCP 47 tag of a language as spoken in Canada: pages' `lang`, and Intl's number and date rules. */
export const LANGUAGE_TAGS: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

/**
 * Whether a key is an SMS text (`*.sms`, `sms.*`, `message.smsOptOut`): GSM-7 and ordinary spaces. Every
 * other text is shown on a page or in an e-mail, with its language's typography.
 */
export const isSmsText = (key: MessageKey): boolean => /^sms\.|\.sms(Short)?$|^message\.smsOptOut$/.test(key);

const compiled = new Map<string, IntlMessageFormat>();

function formatOf(locale: Locale, key: MessageKey): IntlMessageFormat {
  const id = `${locale}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(CATALOGUES[locale][key], LANGUAGE_TAGS[locale]);
    compiled.set(id, format);
  }
  return format;
}

/** The text of a key in a language, its placeholders filled in (plain text: escape it where it goes). */
export function text(locale: Locale, key: MessageKey, values: Record<string, string | number> = {}): string {
  return String(formatOf(locale, key).format(values));
}

/**
 * The message as pieces: the catalogue's words, and each value that is not a string or number as it was
 * given (a marker the caller renders itself, e.g. a link that becomes a button).
 */
export function textParts<T extends object>(
  locale: Locale,
  key: MessageKey,
  values: Record<string, string | number | T>,
): (string | T)[] {
  return formatOf(locale, key)
    .formatToParts<T>(values)
    .map((part) => part.value);
}

const STORED_PHONE = /^(\d{3})-(\d{3})-(\d{4})$/;

/** A contact that is a phone number (`514-555-0123`, `1-800-555-0100`, `+1 (514) 555-0123`): digits and their separators. */
const PHONE_NUMBER = /^\+?[\d().\s-]+$/;

/** Whether a contact is a phone number (at least 7 digits) rather than an e-mail or web address. */
export const isPhoneNumber = (contact: string): boolean =>
  PHONE_NUMBER.test(contact) && contact.replace(/\D/g, '').length >= 7;

/**
 * A contact (phone, e-mail or web address) as the language displays it: a North American number,
 * stored as `514-555-0123`, is `514 555-0123` in French (OQLF, with a no-break space) and stays as
 * stored in English; anything else is shown as it is.
 */
export function displayedContact(locale: Locale, contact: string): string {
  return locale === 'fr' ? contact.replace(STORED_PHONE, '$1\u00a0$2-$3') : contact;
}
