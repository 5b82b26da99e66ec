import { DomainError, type FieldError } from '../errors/domain-error';

/** At most this many field errors are answered, so a body of thousands of bad keys gets a short answer. */
export const MAX_FIELD_ERRORS = 20;

/** `text` with exactly one full stop at its end, whether or not it brought its own. */
export function sentence(text: string): string {
  return `${text.replace(/\.+$/, '')}.`;
}

/**
 * The 400 for invalid input fields: "Invalid request: a; b; …" with one full stop at the end, and at most
 * MAX_FIELD_ERRORS details, the last of them saying how many more were found (`and N more`).
 */
export function invalidRequest(errors: FieldError[]): DomainError {
  const shown =
    errors.length > MAX_FIELD_ERRORS
      ? [
          ...errors.slice(0, MAX_FIELD_ERRORS - 1),
          { field: '…', message: `and ${errors.length - MAX_FIELD_ERRORS + 1} more` },
        ]
      : errors;
  const summary = shown.map(({ message }) => message.replace(/\.+$/, '')).join('; ');
  return DomainError.invalid(sentence(`Invalid request: ${summary}`), shown);
}
