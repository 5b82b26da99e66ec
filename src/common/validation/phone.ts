import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';

/** What a phone number may be written with: digits and the usual separators. */
const PHONE_INPUT = /^[\d\s().+-]{10,25}$/;
/** The same rule in the API document: 10 digits, or 11 starting with 1, among those separators. */
const PHONE_DOCUMENTED = { pattern: '^[\\s().+-]*(1[\\s().+-]*)?(\\d[\\s().+-]*){10}$', minLength: 10, maxLength: 25 };
const NORMALIZED = /^\d{3}-\d{3}-\d{4}$/;

/**
 * A North American number as xxx-xxx-xxxx: its digits must be 10, or 11 starting with 1.
 * Null when the input is not such a number.
 */
export function normalizePhone(input: string): string | null {
  if (!PHONE_INPUT.test(input)) return null;
  const digits = input.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return null;
  return `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
}

/**
 * Accepts a North American phone number in any usual writing and stores it as xxx-xxx-xxxx; `message`
 * replaces the API's wording (a customer page says it in plain words).
 */
export const IsNorthAmericanPhone = (
  message = '$property must be a North American phone number: 10 digits, or 11 starting with 1',
): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? (normalizePhone(value) ?? value) : value,
    ),
    Matches(NORMALIZED, { message }),
    ApiProperty(PHONE_DOCUMENTED),
  );
