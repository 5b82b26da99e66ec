import { DomainError, type FieldError } from '../errors/domain-error';

/** At most this many field errors are answered, so a body of thousands of bad keys gets a short answer. */
export const MAX_FIELD_ERRORS = 20;
/**
 * At most this many characters of a field's name, and of its message, are answered: both may echo a
 * key the client sent, and a long key must not make a long answer.
 */
export const MAX_FIELD_NAME = 120;
export const MAX_FIELD_MESSAGE = 300;

/** `text` with exactly one full stop at its end, whether or not it brought its own. */
export function sentence(text: string): string {
  return `${text.replace(/\.+$/, '')}.`;
}

/** `text` cut to `max` characters (code points), an ellipsis saying it was cut. */
function clipped(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

/**
 * The 400 for invalid input fields: "Invalid request: a; b; …" with one full stop at the end, and at most
 * MAX_FIELD_ERRORS details, the last of them saying how many more were found (`and N more`), each
 * name and message cut to MAX_FIELD_NAME and MAX_FIELD_MESSAGE characters.
 */
export function invalidRequest(errors: FieldError[]): DomainError {
  const shown = (
    errors.length > MAX_FIELD_ERRORS
      ? [
          ...errors.slice(0, MAX_FIELD_ERRORS - 1),
          { field: '…', message: `and ${errors.length - MAX_FIELD_ERRORS + 1} more` },
        ]
      : errors
  ).map(({ field, message }) => ({
    field: clipped(field, MAX_FIELD_NAME),
    message: clipped(message, MAX_FIELD_MESSAGE),
  }));
  const summary = shown.map(({ message }) => message.replace(/\.+$/, '')).join('; ');
  return DomainError.invalid(sentence(`Invalid request: ${summary}`), shown);
}
