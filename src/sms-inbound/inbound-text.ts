import { DomainError } from '../common/errors/domain-error';
import type { FormFields } from './twilio-signature';

/** The fields of the provider's webhook that the service reads; the others are signed but not kept. */
export interface InboundText {
  from: string;
  to: string;
  body: string;
  messageSid: string;
}

const MAX_LENGTHS = { From: 100, To: 100, MessageSid: 64 } as const;

/**
 * A field without NULs (PostgreSQL text cannot hold them), lone surrogates, or the replacement
 * characters that bytes which were not UTF-8 decoded to: the provider does not retry a refused call,
 * so `STOP\u0000` is taken as `STOP` rather than lost.
 */
// eslint-disable-next-line no-control-regex
const BAD_CHARACTERS = /[\u0000\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const withoutBadBytes = (value: string): string => value.replace(BAD_CHARACTERS, '');

/**
 * The text the webhook carries, its bad bytes dropped (after the signature was checked over the fields
 * as sent); a 400 naming each field that is missing, repeated or too long. `MessageSid` is required:
 * without it a replayed call could not be told from a new text.
 */
export function inboundTextOf(fields: FormFields): InboundText {
  const problems: { field: string; message: string }[] = [];
  const one = (field: 'From' | 'To' | 'Body' | 'MessageSid', required: boolean): string | null => {
    const sent = Object.hasOwn(fields, field) ? fields[field] : undefined;
    const value = typeof sent === 'string' ? withoutBadBytes(sent) : sent;
    if (value === undefined || (field === 'MessageSid' && value === '')) {
      if (required) problems.push({ field, message: `${field} is required.` });
      return null;
    }
    if (typeof value !== 'string') {
      problems.push({ field, message: `${field} must be sent once.` });
      return null;
    }
    const max = field === 'Body' ? undefined : MAX_LENGTHS[field];
    if (max !== undefined && value.length > max)
      problems.push({ field, message: `${field} must be at most ${max} characters.` });
    return value;
  };
  const text = {
    from: one('From', true),
    to: one('To', false),
    body: one('Body', true),
    messageSid: one('MessageSid', true),
  };
  if (problems.length) throw DomainError.invalid('The text message is incomplete or malformed.', problems);
  return { from: text.from!, to: text.to ?? '', body: text.body!, messageSid: text.messageSid! };
}
