import { DomainError } from '../common/errors/domain-error';
import type { FormFields } from './twilio-signature';

/** The fields of the provider's webhook that the service reads; the others are signed but not kept. */
export interface InboundText {
  from: string;
  to: string;
  body: string;
  messageSid: string | null;
}

const MAX_LENGTHS = { From: 100, To: 100, MessageSid: 64 } as const;

/** The text the webhook carries; a 400 naming each field that is missing, repeated or too long. */
export function inboundTextOf(fields: FormFields): InboundText {
  const problems: { field: string; message: string }[] = [];
  const one = (field: 'From' | 'To' | 'Body' | 'MessageSid', required: boolean): string | null => {
    const value = Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (value === undefined) {
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
    messageSid: one('MessageSid', false),
  };
  if (problems.length) throw DomainError.invalid('The text message is incomplete or malformed.', problems);
  return { from: text.from!, to: text.to ?? '', body: text.body!, messageSid: text.messageSid || null };
}
