import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

/**
 * The one rule for an e-mail address, at every field that takes one and in the outbox: a local part
 * of atoms joined by single dots (no quoted part, which may hold spaces, CR or LF; no comment), an
 * `@`, and a domain of dotted labels ending in a letter top-level domain (no IP literal). Every SMTP
 * server takes such an address as it is, and it can never break a mail header.
 */
export const EMAIL_ADDRESS_PATTERN = `^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`;
export const EMAIL_ADDRESS_MAX_LENGTH = 254;
const EMAIL_ADDRESS = new RegExp(EMAIL_ADDRESS_PATTERN);

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_ADDRESS_MAX_LENGTH && EMAIL_ADDRESS.test(value);
}

/** The rule as a field's validation and in the API document (the field keeps its own MaxLength). */
export const IsEmailAddress = (
  message = '$property must be an email address such as name@example.com (no quotes, spaces or IP address)',
): PropertyDecorator =>
  applyDecorators(
    Matches(EMAIL_ADDRESS, { message }),
    ApiProperty({ format: 'email', pattern: EMAIL_ADDRESS_PATTERN, maxLength: EMAIL_ADDRESS_MAX_LENGTH }),
  );
