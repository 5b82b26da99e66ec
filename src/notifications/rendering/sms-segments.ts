/** GSM 03.38's basic set: one septet each. */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Its extension table: an escape and the character, two septets each. */
const GSM7_EXTENSION = new Set('^{}\\[~]|€\f');

export interface SmsSize {
  encoding: 'GSM-7' | 'UCS-2';
  /** Parts the network sends: 160 septets alone, else 153 a part (GSM-7); 70, else 67 (UCS-2). */
  segments: number;
}

/**
 * Parts of `single` units when everything fits in one, else of `multi`, never splitting a character
 * across two: an escaped GSM-7 character (two septets) or a UCS-2 surrogate pair (an emoji) that would
 * cross a part's end starts the next part.
 */
function partsOf(sizes: number[], single: number, multi: number): number {
  if (sizes.reduce((sum, size) => sum + size, 0) <= single) return 1;
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > multi) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return parts;
}

/** How a text travels: GSM-7 when every character is in it, else UCS-2 for the whole message. */
export function smsSize(text: string): SmsSize {
  const chars = [...text];
  if (chars.every((char) => GSM7_BASIC.has(char) || GSM7_EXTENSION.has(char))) {
    const septets = chars.map((char) => (GSM7_BASIC.has(char) ? 1 : 2));
    return { encoding: 'GSM-7', segments: partsOf(septets, 160, 153) };
  }
  // UTF-16 code units: one for most characters, two for one outside the basic plane.
  return {
    encoding: 'UCS-2',
    segments: partsOf(
      chars.map((char) => char.length),
      70,
      67,
    ),
  };
}

/** Typographic punctuation and its GSM-7 form (phones and word processors put in the former). */
const PUNCTUATION: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '«': '"',
  '»': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
};

const LOOK_ALIKES: Record<string, string> = { ...PUNCTUATION, œ: 'oe', Œ: 'OE' };

/**
 * The text with its typographic punctuation in GSM-7 (’ to ', « » to ", … to ...); letters are left as
 * they are, accents included, so a letter outside GSM-7 still makes the message UCS-2.
 */
export function withGsm7Punctuation(value: string): string {
  return [...value].map((char) => PUNCTUATION[char] ?? char).join('');
}

/**
 * A name written so that it keeps its SMS in GSM-7: a letter outside the alphabet loses its accent
 * (ê to e, ç to c), typographic punctuation becomes its plain form, and what GSM-7 cannot write at all
 * (an emoji) is left out. A name with nothing left but spaces and signs stays as it was (then the
 * SMS travels in UCS-2).
 */
export function toGsm7(value: string): string {
  let result = '';
  for (const char of value) {
    if (GSM7_BASIC.has(char) || GSM7_EXTENSION.has(char)) result += char;
    else if (LOOK_ALIKES[char]) result += LOOK_ALIKES[char];
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      if ([...base].every((c) => GSM7_BASIC.has(c))) result += base;
    }
  }
  const written = result.replace(/ {2,}/g, ' ').trim();
  return /[\p{L}\p{N}]/u.test(written) ? written : value;
}
