/**
 * One character the input scan (input-scan.ts) lets through: not NUL and not a lone UTF-16 surrogate.
 * ECMA-262 patterns of the API document are read with the `u` flag, where a surrogate pair is one code
 * point outside the excluded range; read without it, the class refuses pairs too (stricter, never looser).
 */
const TEXT_CHARACTER = '[^\\u0000\\uD800-\\uDFFF]';

/** Any text the server takes: the pattern of every free-text string of a request in the API document. */
export const TEXT_PATTERN = `^${TEXT_CHARACTER}*$`;

/** Text with at least one character that is not white space (what `@Trim()` leaves non-empty). */
export const NOT_BLANK_TEXT_PATTERN = `^${TEXT_CHARACTER}*[^\\s\\u0000\\uD800-\\uDFFF]${TEXT_CHARACTER}*$`;

export const TEXT = new RegExp(TEXT_PATTERN, 'u');
