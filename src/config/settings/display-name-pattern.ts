/**
 * What no display name holds: control characters and line breaks (a header injection in an e-mail's
 * `From`), the invisible characters that reorder or hide text (bidirectional marks, overrides and
 * isolates, zero-width space, word joiner, BOM; the two joiners some scripts need stay allowed), and an
 * at sign in any width, so `Name <someone@domain>` cannot pose as an address beside the real one.
 * Written as plain ranges, which every regular-expression engine reads (no look-around).
 */
const NOT_IN_A_DISPLAY_NAME =
  '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200b\\u200e\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff@\\ufe6b\\uff20';

/** A display name: at least one character that is not white space, none of NOT_IN_A_DISPLAY_NAME. */
export const DISPLAY_NAME_PATTERN = `^[^${NOT_IN_A_DISPLAY_NAME}]*[^\\s${NOT_IN_A_DISPLAY_NAME}][^${NOT_IN_A_DISPLAY_NAME}]*$`;
