/**
 * Calendar-exact ECMA-262 patterns: a month 01-12, a day that month has (29 February only in a leap
 * year: divisible by 4, centuries only by 400), a time 00:00-23:59:59. The validators of these fields
 * test the same patterns, so the API document and the server cannot disagree.
 */
const MONTH_DAY = '(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)';
/** Two digits that are a multiple of 4, other than 00. */
const MULTIPLE_OF_4 = '(?:0[48]|[2468][048]|[13579][26])';

interface Years {
  /** Any year of the range. */
  any: string;
  /** The century digits of the range (a leap year is this followed by MULTIPLE_OF_4). */
  century: string;
  /** The leap centuries of the range (followed by 00). */
  leapCentury: string;
}

const calendarDate = ({ any, century, leapCentury }: Years): string =>
  `(?:${any}-${MONTH_DAY}|(?:${century}${MULTIPLE_OF_4}|${leapCentury}00)-02-29)`;

/** Years 1900-9999 (1900 is no leap year; 2000 is). */
const YEARS_1900_9999: Years = {
  any: '(?:19|[2-9]\\d)\\d{2}',
  century: '(?:19|[2-9]\\d)',
  leapCentury: '(?:[2468][048]|[3579][26])',
};

/** Years 0001-9999 (what a JavaScript Date and PostgreSQL timestamptz both hold). */
const YEARS_1_9999: Years = {
  any: '(?:000[1-9]|00[1-9]\\d|0[1-9]\\d{2}|[1-9]\\d{3})',
  century: '\\d{2}',
  leapCentury: MULTIPLE_OF_4,
};

const CLOCK = '(?:[01]\\d|2[0-3]):[0-5]\\d';

/** A calendar day YYYY-MM-DD from 1900 to 9999. */
export const CALENDAR_DATE_PATTERN = `^${calendarDate(YEARS_1900_9999)}$`;

/**
 * A window bound: a day, or a date-time with optional seconds (00-59) and fraction (up to 6 digits)
 * and an optional zone (`Z` or an offset up to ±23:59; UTC when absent), years 0001 to 9999.
 */
export const DATE_BOUND_PATTERN = `^${calendarDate(YEARS_1_9999)}(?:T${CLOCK}(?::[0-5]\\d(?:\\.\\d{1,6})?)?(?:Z|[+-]${CLOCK})?)?$`;

/**
 * A point in time: a date-time with optional seconds and fraction (up to 6 digits) and its zone (`Z` or
 * an offset), years 1900 to 9999; a time without a zone would be read in the server's.
 */
export const DATE_TIME_PATTERN = `^${calendarDate(YEARS_1900_9999)}T${CLOCK}(?::[0-5]\\d(?:\\.\\d{1,6})?)?(?:Z|[+-]${CLOCK})$`;
