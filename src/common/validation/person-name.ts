import { ValidateBy } from 'class-validator';

/** The longest name a customer form takes, in characters (code points, as PostgreSQL counts them). */
export const PERSON_NAME_MAX = 100;

/**
 * Characters no name holds: controls, line and paragraph separators, and the invisible format
 * characters that reorder or hide text (bidirectional overrides, zero-width spaces), except the
 * joiners some scripts write names with.
 */
const NOT_IN_A_NAME = /[\p{Cc}\p{Zl}\p{Zp}]|(?![\u200c\u200d])\p{Cf}/u;
/** An e-mail address, or any at sign: no name has one. */
const AT_SIGN = /[@\uFE6B\uFF20]/u;
/**
 * What reads as a host name's dot: a full stop and its look-alikes once NFKC-folded (ideographic, halfwidth,
 * the word-separator middle dot), written alone (`evil.example`), with spaces on both sides
 * (`evil . example`) or bracketed (`evil[.]example`, `evil(.)example`). A middle dot inside a name
 * (Catalan `l·l`, Japanese `・`) is not one.
 */
const DOT = String.raw`[.\u3002\uFF61\u2E31]`;
const HOST_DOT = String.raw`(?:${DOT}|\s+${DOT}\s+|\s*[[(]\s*${DOT}\s*[\])]\s*)`;
/** A web address: a scheme, "www.", or a host name (two labels of two or more characters around a dot). */
const WEB_ADDRESS = new RegExp(String.raw`:\/\/|\bwww${HOST_DOT}|[\p{L}\p{N}-]{2,}${HOST_DOT}[\p{L}\p{N}-]{2,}`, 'iu');
/** A phone number: seven digits or more in the whole name, however they are separated. */
const PHONE_DIGITS = 7;

/**
 * Whether `value` is a person's name as the customer forms take it: 1..100 characters once trimmed, none
 * of them a control or hidden character, and no e-mail address, web address or phone number in it.
 * Letters of every script, accents, apostrophes, hyphens, initials and spaces are all welcome. The check
 * runs on the compatibility form (NFKC), so full-width look-alikes of "@", "." and digits count too.
 */
export function isPersonName(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const name = value.trim();
  const length = [...name].length;
  return length >= 1 && length <= PERSON_NAME_MAX && onlyAName(name);
}

/** The content half of `isPersonName`: no hidden character, address or phone number (any length). */
function onlyAName(text: string): boolean {
  const folded = text.normalize('NFKC');
  if (NOT_IN_A_NAME.test(folded) || AT_SIGN.test(folded) || WEB_ADDRESS.test(folded)) return false;
  return (folded.match(/\p{Nd}/gu)?.length ?? 0) < PHONE_DIGITS;
}

/**
 * A customer form's name field holds only a name (see `isPersonName`); its length is the field's other
 * checks' to tell, each with its own message, so a refused name says what to fix.
 */
export const IsPersonName = (message: string): PropertyDecorator =>
  ValidateBy(
    { name: 'isPersonName', validator: { validate: (value) => typeof value !== 'string' || onlyAName(value) } },
    { message },
  );
