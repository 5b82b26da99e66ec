/**
 * One character the API document's patterns allow in free text: anything but NUL. Lone UTF-16
 * surrogates, which the input scan (input-scan.ts) also refuses, are stated in the document's prose
 * (TEXT_RULE) rather than in the patterns: a class that names the surrogate range is refused by
 * Rust-regex-based generators, which then drop the pattern and send NULs.
 */
const TEXT_CHARACTER = '[^\\u0000]';

/** Any text the server takes: the pattern of every free-text string of a request in the API document. */
export const TEXT_PATTERN = `^${TEXT_CHARACTER}*$`;

/** Text with at least one character that is not white space (what `@Trim()` leaves non-empty). */
export const NOT_BLANK_TEXT_PATTERN = `^${TEXT_CHARACTER}*[^\\s\\u0000]${TEXT_CHARACTER}*$`;

/** The rule on text no pattern states, said once in the API document's description. */
export const TEXT_RULE =
  'Text is Unicode: a string holding a NUL or a lone UTF-16 surrogate (one not part of a pair) is refused with `400`.';
