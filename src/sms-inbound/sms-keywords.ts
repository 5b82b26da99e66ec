import type { Locale } from '../common/locale/locale';

export type KeywordKind = 'STOP' | 'START' | 'HELP';

interface KeywordEntry {
  kind: KeywordKind;
  /** The language the word is in: HELP's answer, and an opt-out's confirmation when no process tells. */
  locale: Locale;
  /** The provider (its default keyword list) answers this word itself: we answer nothing. */
  providerAnswers: boolean;
}

const entry = (kind: KeywordKind, locale: Locale, providerAnswers = false): KeywordEntry => ({
  kind,
  locale,
  providerAnswers,
});

/**
 * Every keyword (docs/contract.md#sms-replies), the one list the service matches texts against, written
 * as normalizedKeywordText writes a text: upper case, no accents, one space between words. Opt-out words
 * are the carriers' and the major providers' defaults (Twilio's long codes: STOP, STOPALL, UNSUBSCRIBE,
 * END, QUIT, CANCEL, REVOKE, OPTOUT; the Canadian carriers' ARRET; these the provider confirms itself.
 * AWS's US/Canada list adds OPT-OUT, REMOVE, TD) and the French words people type.
 */
const KEYWORDS: Readonly<Record<string, KeywordEntry>> = {
  STOP: entry('STOP', 'en', true),
  STOPALL: entry('STOP', 'en', true),
  UNSUBSCRIBE: entry('STOP', 'en', true),
  CANCEL: entry('STOP', 'en', true),
  END: entry('STOP', 'en', true),
  QUIT: entry('STOP', 'en', true),
  REVOKE: entry('STOP', 'en', true),
  OPTOUT: entry('STOP', 'en', true),
  'OPT OUT': entry('STOP', 'en'),
  'OPT-OUT': entry('STOP', 'en'),
  REMOVE: entry('STOP', 'en'),
  TD: entry('STOP', 'en'),
  ARRET: entry('STOP', 'fr', true),
  ARRETE: entry('STOP', 'fr', true),
  ARRETER: entry('STOP', 'fr'),
  DESABONNER: entry('STOP', 'fr'),
  DESINSCRIRE: entry('STOP', 'fr'),
  START: entry('START', 'en'),
  UNSTOP: entry('START', 'en'),
  YES: entry('START', 'en'),
  HELP: entry('HELP', 'en'),
  INFO: entry('HELP', 'en'),
  AIDE: entry('HELP', 'fr'),
};

/** Each opt-out word as the words it is made of (`OPT-OUT`: OPT, OUT), to find within a short message. */
const OPT_OUTS = Object.entries(KEYWORDS)
  .filter(([, { kind }]) => kind === 'STOP')
  .map(([keyword, { locale }]) => ({ words: wordsOf(keyword), locale }));

/** A message of at most this many words that contains an opt-out word as a word of its own opts out. */
const SHORT_MESSAGE_WORDS = 4;

/** What a text asks for. */
export interface KeywordMatch extends KeywordEntry {
  /**
   * A short message containing an opt-out word (`Stop please`), not a keyword alone: it opts out and
   * is also the customer's reply, and the provider does not know it for an opt-out.
   */
  withinReply: boolean;
}

/**
 * The text as keywords are matched: NFKC (full-width letters, ligatures), format characters (zero-width,
 * BOM) removed, accents and case folded, whitespace, punctuation and emoji stripped from both ends, and
 * runs of spaces made one.
 */
export function normalizedKeywordText(body: string): string {
  return body
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .replace(/\s+/gu, ' ');
}

function wordsOf(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

const containsRun = (words: string[], run: string[]): boolean =>
  words.some((_, start) => run.every((word, i) => words[start + i] === word));

/** The keyword the text is, or the opt-out a short message contains; undefined for any other text. */
export function keywordOf(body: string): KeywordMatch | undefined {
  const text = normalizedKeywordText(body);
  if (Object.hasOwn(KEYWORDS, text)) return { ...KEYWORDS[text], withinReply: false };
  const words = wordsOf(text);
  if (words.length > SHORT_MESSAGE_WORDS) return undefined;
  const optOut = OPT_OUTS.find((run) => containsRun(words, run.words));
  return optOut && { kind: 'STOP', locale: optOut.locale, providerAnswers: false, withinReply: true };
}
