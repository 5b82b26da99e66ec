import { escapeMarkup } from '../../common/markup/escape-markup';

/** Markup that is already safe: produced by the `html` tag, never from input. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

/** What a page may interpolate: text and numbers (escaped), markup made by `html`, lists of them, or nothing. */
export type Interpolation = SafeHtml | string | number | null | undefined | false | readonly Interpolation[];

function interpolate(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly Interpolation[]).map(interpolate).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeMarkup(String(value));
}

/**
 * Tagged template for the customer pages: every interpolated value is HTML-escaped (text and
 * attribute values alike, as long as attributes are quoted) unless it is itself `html` output.
 * Arrays are joined; null, undefined and false render nothing, so `${cond && html`...`}` works.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    out += interpolate(value) + strings[i + 1];
  });
  return new SafeHtml(out);
}
