import fc from 'fast-check';
import { parseBound } from '../time/window-bounds';
import { CALENDAR_DATE_PATTERN, DATE_BOUND_PATTERN } from './calendar-patterns';
import { EMAIL_ADDRESS_MAX_LENGTH, EMAIL_ADDRESS_PATTERN, isEmailAddress } from './email-address';
import { scanInput } from './input-scan';
import { isCalendarDate } from './is-calendar-date.decorator';
import { httpsUrlSchema, isHttpsUrl } from './is-https-url.decorator';
import { NOT_BLANK_TEXT_PATTERN, TEXT_PATTERN } from './text-pattern';

// The API document's patterns are read as ECMA-262 with the `u` flag (as Ajv and fast-check read them).
const pattern = (source: string): RegExp => new RegExp(source, 'u');
const RUNS = { numRuns: 300, seed: 20261201 };
/** Domains as a review site's list names them: a short link host, a country domain, a plain one. */
const SITE_DOMAINS: ReadonlySet<string> = new Set(['g.page', 'google.co.uk', 'google.com', 'bbb.org']);

/** TEXT_RULE, the prose half of the rule: a surrogate that is not part of a pair. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const scanned = (value: string): boolean => {
  try {
    scanInput(value, 'value');
    return true;
  } catch {
    return false;
  }
};

/** The calendar as JavaScript's Date keeps it: the day exists when it survives the round trip. */
const dayExists = (year: number, month: number, day: number): boolean => {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};
const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const dayArb = fc.record({
  year: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 1899, 1900, 2000, 2024, 2100, 9999)),
  month: fc.integer({ min: 0, max: 13 }),
  day: fc.integer({ min: 0, max: 32 }),
});
const written = ({ year, month, day }: { year: number; month: number; day: number }): string =>
  `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

describe('the API document states the patterns the server applies', () => {
  it('free text: the pattern refuses NUL, and the scan refuses that and only lone surrogates more (the prose rule)', () => {
    const text = pattern(TEXT_PATTERN);
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constantFrom('a\u0000b', '\uD800', 'x\uDFFF', '😀', '\uD83D\uDE00x', '', 'é\u200F'),
    );
    fc.assert(
      fc.property(anyText, (value) => (text.test(value) && !loneSurrogate.test(value)) === scanned(value)),
      RUNS,
    );
  });

  it('not-blank text: what the pattern admits passes the scan and keeps a character once trimmed', () => {
    const notBlank = pattern(NOT_BLANK_TEXT_PATTERN);
    for (const refused of ['', ' \t\n', 'a\u0000', '\u00A0\u2003'])
      expect([refused, notBlank.test(refused)]).toEqual([refused, false]);
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 12 }),
        (value) => (notBlank.test(value) && !loneSurrogate.test(value)) === (scanned(value) && value.trim() !== ''),
      ),
      RUNS,
    );
  });

  it('e-mail: every address the pattern generates is one the server takes', () => {
    fc.assert(
      fc.property(fc.stringMatching(pattern(EMAIL_ADDRESS_PATTERN)), (address) =>
        address.length > EMAIL_ADDRESS_MAX_LENGTH ? true : isEmailAddress(address),
      ),
      RUNS,
    );
    for (const refused of ['"a\r\nb"@example.com', 'a@localhost', 'a@[127.0.0.1]', 'a@example.c0m', 'a..b@example.com'])
      expect([refused, pattern(EMAIL_ADDRESS_PATTERN).test(refused), isEmailAddress(refused)]).toEqual([
        refused,
        false,
        false,
      ]);
  });

  it('required-document dates: the pattern is the calendar, 1900 to 9999, leap days included', () => {
    const date = pattern(CALENDAR_DATE_PATTERN);
    fc.assert(
      fc.property(dayArb, (day) => {
        const expected = day.year >= 1900 && dayExists(day.year, day.month, day.day);
        return date.test(written(day)) === expected && isCalendarDate(written(day)) === expected;
      }),
      RUNS,
    );
    expect(['2000-02-29', '2024-02-29', '1900-02-28'].every((d) => date.test(d))).toBe(true);
    expect(['1900-02-29', '2100-02-29', '2026-02-29', '2026-04-31', '2026-02-30'].some((d) => date.test(d))).toBe(
      false,
    );
  });

  it('window bounds: the pattern admits exactly the days and times parseBound reads', () => {
    const bound = pattern(DATE_BOUND_PATTERN);
    const timeArb = fc.record({ hour: fc.integer({ min: 0, max: 32 }), minute: fc.integer({ min: 0, max: 75 }) });
    fc.assert(
      fc.property(dayArb, fc.option(timeArb), (day, time) => {
        const value = time ? `${written(day)}T${pad(time.hour, 2)}:${pad(time.minute, 2)}` : written(day);
        return bound.test(value) === (parseBound(value, 'from') !== null);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(
        fc.stringMatching(bound),
        (value) => parseBound(value, 'from') !== null && parseBound(value, 'to') !== null,
      ),
      RUNS,
    );
    for (const refused of ['0000-01-01', '2026-75-01', '2026-01-01T32:00', '2026-02-30', '2026-01-01T12:00+24:00'])
      expect([refused, bound.test(refused)]).toEqual([refused, false]);
  });

  it.each([
    ['a public web site', undefined],
    ['named domains', SITE_DOMAINS],
  ])('URLs of %s: every URL the schema admits is one the server takes', (_site, domains) => {
    const schema = httpsUrlSchema(domains);
    const admitted = (url: string): boolean =>
      pattern(schema.pattern).test(url) && !(schema.not && pattern(schema.not.pattern).test(url));
    fc.assert(
      fc.property(
        fc.stringMatching(pattern(schema.pattern)).filter((url) => url.length <= 2048),
        (url) => !admitted(url) || isHttpsUrl(url, domains),
      ),
      RUNS,
    );
    const refused = [
      'http://example.com/',
      'https://user:pw@example.com/',
      'https://localhost/',
      'https://printer.LOCAL/',
      'https://router.home.arpa/',
      'https://10.0.0.1/',
      'https://intranet/',
    ];
    for (const url of refused) expect([url, admitted(url), isHttpsUrl(url, domains)]).toEqual([url, false, false]);
  });

  it('URLs: the pattern admits the addresses a vendor really gives', () => {
    const site = httpsUrlSchema();
    const google = httpsUrlSchema(SITE_DOMAINS);
    for (const url of [
      'https://renovations-erable.example',
      'https://Maple.ca:8443/a?b=c#d',
      'https://www.homestars.com/x',
    ])
      expect([url, pattern(site.pattern).test(url), isHttpsUrl(url)]).toEqual([url, true, true]);
    for (const url of [
      'https://g.page/r/CaBcDeFgHiJkEAE/review',
      'https://www.google.co.uk/maps/place/x',
      'https://maps.google.com/x',
    ])
      expect([url, pattern(google.pattern).test(url), isHttpsUrl(url, SITE_DOMAINS)]).toEqual([url, true, true]);
    expect(pattern(google.pattern).test('https://google.com.evil.io/')).toBe(false);
  });
});
