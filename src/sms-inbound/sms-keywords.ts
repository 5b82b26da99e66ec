import type { Locale } from '../common/locale/locale';

/** What a text asks for: one of the carriers' keywords, or nothing (a reply to read). */
export type Keyword = { kind: 'STOP' } | { kind: 'START' } | { kind: 'HELP'; locale: Locale };

const KEYWORDS: Record<string, Keyword> = {
  STOP: { kind: 'STOP' },
  STOPALL: { kind: 'STOP' },
  UNSUBSCRIBE: { kind: 'STOP' },
  CANCEL: { kind: 'STOP' },
  END: { kind: 'STOP' },
  QUIT: { kind: 'STOP' },
  ARRET: { kind: 'STOP' },
  ARRETE: { kind: 'STOP' },
  START: { kind: 'START' },
  UNSTOP: { kind: 'START' },
  YES: { kind: 'START' },
  HELP: { kind: 'HELP', locale: 'en' },
  INFO: { kind: 'HELP', locale: 'en' },
  AIDE: { kind: 'HELP', locale: 'fr' },
};

/** The keyword the whole text is, trimmed, in any case, accents ignored ("ARRÊT", " stop "); undefined for any other text. */
export function keywordOf(body: string): Keyword | undefined {
  const word = body.trim().normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  return Object.hasOwn(KEYWORDS, word) ? KEYWORDS[word] : undefined;
}
