import { escapeMarkup } from '../../common/markup/escape-markup';
import { SafeHtml, html } from './html';
import type { PageLanguage } from './page-texts';

/**
 * A form shown again after a refused answer: what the customer typed, and a sentence per field saying
 * what to fix (shown next to the field, tied to it with aria-describedby).
 */
export interface FormState {
  /** Which form of the page was sent: its action path after the page's own path (`/feedback`…). */
  action: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** The state of the form with this action, if it is the one that was sent. */
export const stateOf = (form: FormState | null | undefined, action: string): FormState | null =>
  form?.action === action ? form : null;

export interface FieldSpec {
  id: string;
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'textarea';
  autocomplete: string;
  maxlength: number;
  required?: boolean;
  readonly?: boolean;
  hint?: string;
  /** Other elements that describe the field (a hint shared by several fields). */
  describedBy?: string;
  /** A read-only field's copy button: its label and what its status line says once copied. */
  copy?: { label: string; copied: string };
  /** Shown when the form is first displayed. */
  value?: string | null;
  inputmode?: 'tel' | 'email';
}

type Attributes = Record<string, string | number | boolean | null | undefined>;

/** ` name="value"` pairs, escaped; `true` writes the bare name, null, undefined and false nothing. */
function attributesOf(values: Attributes): string {
  return Object.entries(values)
    .filter(([, value]) => value !== null && value !== undefined && value !== false)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeMarkup(String(value))}"`))
    .join('');
}

const inputTag = (values: Attributes): SafeHtml => new SafeHtml(`<input${attributesOf(values)} />`);

/** A labelled input or textarea with its hint and, after a refused answer, its error and typed value. */
export function field(spec: FieldSpec, form: FormState | null): SafeHtml {
  const error = form?.errors[spec.name];
  const value = form ? (form.values[spec.name] ?? '') : (spec.value ?? '');
  const hintId = spec.hint ? `${spec.id}-hint` : null;
  // By field name, as choice() does: only the form that was sent shows errors, so the id is unique.
  const errorId = error ? `${spec.name}-error` : null;
  const describedBy = [errorId, hintId, spec.describedBy].filter(Boolean).join(' ') || null;
  const attributes = attributesOf({
    id: spec.id,
    name: spec.name,
    type: spec.type === 'textarea' ? null : spec.type,
    value: spec.type === 'textarea' ? null : value,
    maxlength: spec.maxlength,
    autocomplete: spec.autocomplete,
    inputmode: spec.inputmode,
    required: spec.required,
    readonly: spec.readonly,
    'aria-invalid': error ? 'true' : null,
    'aria-describedby': describedBy,
  });
  // Built as a string: the newline after <textarea> is dropped by the parser, so the value keeps its first line.
  const control = new SafeHtml(
    spec.type === 'textarea' ? `<textarea${attributes}>\n${escapeMarkup(value)}</textarea>` : `<input${attributes} />`,
  );
  // The copy button stays hidden unless the pages' script runs (copy-script.ts), which then shows it.
  const copy =
    spec.copy &&
    html`<button type="button" class="secondary" data-copy="${spec.id}" data-copied="${spec.copy.copied}" hidden>
        ${spec.copy.label}
      </button>
      <p class="hint" id="${spec.id}-status" role="status"></p>`;
  return html`<label for="${spec.id}">${spec.label}</label>
    ${error && html`<p class="error" id="${errorId}">${error}</p>`} ${control}
    ${spec.hint && html`<p class="hint" id="${hintId}">${spec.hint}</p>`} ${copy}`;
}

export interface ChoiceSpec {
  name: string;
  legend: string;
  options: { value: string; label: SafeHtml | string }[];
  /** Under the tiles, e.g. what the ends of a scale mean. */
  after?: SafeHtml;
}

/** A radio input's id: its question's name and its value. */
const optionId = (name: string, value: string): string => `${name}-${value}`;

/** Where the error summary sends the customer for a field: the field, or a question's first tile. */
export interface FieldTarget {
  name: string;
  id: string;
}

export const choiceTarget = ({ name, options }: ChoiceSpec): FieldTarget => ({
  name,
  id: optionId(name, options[0].value),
});

/** One question answered by tapping one tile of a row (radio inputs under the hood). */
export function choice(spec: ChoiceSpec, form: FormState | null): SafeHtml {
  const error = form?.errors[spec.name];
  const errorId = error ? `${spec.name}-error` : null;
  const checked = form?.values[spec.name];
  return html`<fieldset ${errorId && html`aria-describedby="${errorId}"`}>
    <legend>${spec.legend}</legend>
    ${error && html`<p class="error" id="${errorId}">${error}</p>`}
    <div class="choices">
      ${spec.options.map(
        (option, index) =>
          html`<label class="choice"
            >${inputTag({
              id: optionId(spec.name, option.value),
              type: 'radio',
              name: spec.name,
              value: option.value,
              required: index === 0,
              checked: checked === option.value,
            })}${option.label}</label
          >`,
      )}
    </div>
    ${spec.after}
  </fieldset>`;
}

/** The key of an error about the whole form rather than one field (e.g. no invitations left). */
export const FORM_ERROR = '_form';

/**
 * At the top of a form shown again, the first thing the customer meets: it takes focus when the page
 * opens (so it is scrolled into view and read out), says how many answers need correcting and links to
 * each field, in the form's order; or it says the form's own error (no field to go to).
 */
export function errorSummary(lang: PageLanguage, form: FormState | null, fields: FieldTarget[]): SafeHtml | null {
  if (!form || Object.keys(form.errors).length === 0) return null;
  const formError = form.errors[FORM_ERROR];
  // In the form's order; an error on a field the form does not show (a stray one) last, unlinked.
  const position = (name: string) => {
    const index = fields.findIndex((target) => target.name === name);
    return index < 0 ? fields.length : index;
  };
  const named = Object.keys(form.errors)
    .filter((name) => name !== FORM_ERROR)
    .sort((a, b) => position(a) - position(b));
  const title = formError ?? lang.t('errorSummary', { count: named.length });
  const entry = (name: string) => {
    const target = fields.find((candidate) => candidate.name === name);
    return target ? html`<a href="#${target.id}">${form.errors[name]}</a>` : form.errors[name];
  };
  return html`<div class="error-summary" tabindex="-1" autofocus aria-labelledby="error-summary-title">
    <div role="alert">
      <h2 id="error-summary-title">${title}</h2>
      ${
        formError === undefined &&
        html`<ul>
          ${named.map((name) => html`<li>${entry(name)}</li>`)}
        </ul>`
      }
    </div>
  </div>`;
}
