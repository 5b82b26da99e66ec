/**
 * An SMS segment counter written from GSM 03.38 itself, the oracle the service's counter is checked
 * against: the default alphabet by position (0x00-0x7F; 0x1B is the escape to the extension table),
 * the extension table's characters (an escape and the character: two septets), and the parts as the
 * network sends them (160 septets alone, else 153 a part with its header; UCS-2: 70 units alone, else
 * 67), a character never split across two parts.
 */
const ESC = '\u001b';
const DEFAULT_ALPHABET =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  `Δ_ΦΓΛΩΠΨΣΘΞ${ESC}ÆæßÉ` +
  ' !"#¤%&\'()*+,-./' +
  '0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNO' +
  'PQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmno' +
  'pqrstuvwxyzäöñüà';
/** The extension table: 0x0A form feed, 0x14 ^, 0x28 {, 0x29 }, 0x2F \, 0x3C [, 0x3D ~, 0x3E ], 0x40 |, 0x65 €. */
const EXTENSION = new Map([
  [0x0a, '\f'],
  [0x14, '^'],
  [0x28, '{'],
  [0x29, '}'],
  [0x2f, '\\'],
  [0x3c, '['],
  [0x3d, '~'],
  [0x3e, ']'],
  [0x40, '|'],
  [0x65, '€'],
]);

if ([...DEFAULT_ALPHABET].length !== 128) throw new Error('GSM 03.38 default alphabet must have 128 positions');
const BASIC = new Set([...DEFAULT_ALPHABET].filter((char) => char !== ESC));
const EXTENDED = new Set(EXTENSION.values());

export interface Segments {
  encoding: 'GSM-7' | 'UCS-2';
  segments: number;
}

/** Packs units (each a character's size) into parts of `single` when they all fit, else of `multi`. */
function parts(sizes: number[], single: number, multi: number): number {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= single) return 1;
  let count = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > multi) {
      count += 1;
      used = 0;
    }
    used += size;
  }
  return count;
}

export function gsmSegments(text: string): Segments {
  const chars = [...text];
  if (chars.every((char) => BASIC.has(char) || EXTENDED.has(char))) {
    return {
      encoding: 'GSM-7',
      segments: parts(
        chars.map((char) => (BASIC.has(char) ? 1 : 2)),
        160,
        153,
      ),
    };
  }
  return {
    encoding: 'UCS-2',
    segments: parts(
      chars.map((char) => char.length),
      70,
      67,
    ),
  };
}
