/** The languages customers are served in: Canadian English and Canadian French. */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** How Quebec may be written in `provinceName`; compared without case or surrounding spaces. */
const QUEBEC = new Set(['quebec', 'québec', 'qc']);

/** A new vendor's customers are written to in French in Quebec, in English elsewhere. */
export function localeOfProvince(provinceName: string): Locale {
  return QUEBEC.has(provinceName.normalize('NFC').trim().toLowerCase()) ? 'fr' : 'en';
}
