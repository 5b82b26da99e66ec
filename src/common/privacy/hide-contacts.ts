import { unlinked } from '../text/unlinked';

/** Characters invisible on screen that split a word for a pattern (zero-width, soft hyphen, bidi controls). */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/gu;
/** Dots that NFKC leaves as they are: ideographic, halfwidth ideographic, small, middle and word-separator dots. */
const DOT_LIKE = /[\u3002\uFF61\uFE52\u2E31\u00B7\u2027\u30FB]/gu;
/** `[.]`, `(dot)`, `{point}`: a dot written so that a pattern misses it. */
const WRITTEN_DOT = /\s*[[({]\s*(?:\.|dot|point)\s*[\])}]\s*/giu;
/** `[@]`, `(at)`, `{arobase}`: an at sign written so that a pattern misses it. */
const WRITTEN_AT = /\s*[[({]\s*(?:@|at|arobase)\s*[\])}]\s*/giu;
/**
 * What any step of `canonicalText` may change: a character beyond ASCII (NFKC leaves ASCII as it is; the
 * invisible and dot-like characters are all beyond it) or a bracket (which a written dot or at starts with).
 */
const RESPELLED = /[\u0080-\uFFFF]|[[({]/;

const EMAIL_ADDRESS = /[\p{L}\p{N}_%+'-][\p{L}\p{N}._%+'-]* ?@ ?[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
// Seven digits or more, with the separators people write phone numbers with (dashes of every width).
const PHONE_NUMBER = /\+?\(?\d(?:[\s().\-\u2010-\u2015/_]*\d){6,}/gu;

/** What stands where a contact detail was, unless the caller gives a text in the reader's language. */
export const HIDDEN_CONTACT = '[contact hidden]';

/**
 * Text in the spelling patterns can read: NFKC (full-width `５１４`, `＠`, `．` become ASCII), invisible
 * characters removed, the other dots people type made dots and the written-out `[.]`, `(at)` made `.`, `@`.
 */
export function canonicalText(text: string): string {
  if (!RESPELLED.test(text)) return text;
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(DOT_LIKE, '.')
    .replace(WRITTEN_DOT, '.')
    .replace(WRITTEN_AT, '@');
}

/**
 * A member of the public's free text as it may be shown before the lead's contact details are (an alert,
 * a lead not accepted yet): in its canonical spelling, with e-mail addresses, phone numbers and the
 * `known` contacts replaced by `hidden`, and web addresses defanged (`unlinked`).
 */
export function withoutContacts(text: string, hidden = HIDDEN_CONTACT, known: (string | null)[] = []): string {
  return hiddenIn(text, hidden, spellingsOf(known));
}

/** The `known` contacts as a text is searched for them: canonical, trimmed, and long enough to be one. */
function spellingsOf(known: (string | null)[]): string[] {
  const spellings: string[] = [];
  for (const contact of known) {
    const spelled = contact && canonicalText(contact).trim();
    if (spelled && spelled.length > 3) spellings.push(spelled);
  }
  return spellings;
}

/** `withoutContacts` with the known contacts already spelled (once for all the parts of an HTML text). */
function hiddenIn(text: string, hidden: string, spellings: string[]): string {
  // Nothing to hide (most often a paragraph's empty edges in `htmlWithoutContacts`): none of the passes below.
  if (text === '') return text;
  let canonical = canonicalText(text);
  for (const spelled of spellings) {
    if (canonical.includes(spelled)) canonical = canonical.split(spelled).join(hidden);
  }
  // Addresses before links (an address's domain is no link to defang), links before phone numbers (a
  // host's digits hidden first would leave the rest of the host linkable). No address without an at sign.
  const addressesHidden = canonical.includes('@') ? canonical.replace(EMAIL_ADDRESS, hidden) : canonical;
  return unlinked(addressesHidden).replace(PHONE_NUMBER, hidden);
}

const TAG = /(<[^>]*>)/;
/** The dots a browser's URL parser maps to `.` in a host name. */
const URL_DOTS = /[\uFF0E\u3002\uFF61]/gu;
const MARKUP = /[<>"']|&(?![a-z]+;|#\d+;|#x[0-9a-f]+;)/giu;
const REFERENCES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
  commat: '@',
  period: '.',
};

/** A character reference: decimal, hexadecimal or named. */
const REFERENCE = /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/giu;
/** The references that would end an attribute's value or the tag, once decoded. */
const MARKUP_REFERENCE = /&(?:lt|gt|quot|apos|amp|#0*(?:60|62|34|39|38)|#x0*(?:3c|3e|22|27|26));/giu;

/** Character references read as the characters they stand for (a browser would). */
function decoded(html: string): string {
  // No reference without an ampersand.
  if (!html.includes('&')) return html;
  return html.replace(REFERENCE, (reference, decimal?: string, hex?: string, name?: string) => {
    const code = decimal ? Number(decimal) : hex ? parseInt(hex, 16) : undefined;
    if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference;
    return NAMED[name!.toLowerCase()] ?? reference;
  });
}

/**
 * `withoutContacts` for HTML: each text between tags is read (references decoded), hidden and written
 * back escaped, so no spelling of a contact or a link survives and no markup is made; the tags keep
 * their structure with the addresses in their attributes defanged.
 */
export function htmlWithoutContacts(html: string, hidden = HIDDEN_CONTACT, known: (string | null)[] = []): string {
  const spellings = spellingsOf(known);
  return html
    .split(TAG)
    .map((part, i) => {
      // No NFKC in a tag: full-width quotes or brackets would become markup. Dots a URL parser reads as dots are dots.
      if (i % 2 === 1) return unlinked(decodedTag(part).replace(URL_DOTS, '.'));
      return hiddenIn(decoded(part), hidden, spellings).replace(MARKUP, (c) => REFERENCES[c]);
    })
    .join('');
}

/** A tag with the references in its attribute values decoded, except those that would end a value or the tag. */
function decodedTag(tag: string): string {
  return tag.includes('&') ? decoded(tag.replace(MARKUP_REFERENCE, '&#65533;')) : tag;
}
