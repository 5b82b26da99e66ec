import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';

const PHONE_CHARACTERS = /^[0-9\s().+-]+$/;
export const NORMALIZED_PHONE = /^\d{3}-\d{3}-\d{4}$/;

/**
 * A North American phone number in the service's one stored form, `xxx-xxx-xxxx`: the digits of the
 * input must be 10, or 11 starting with 1 (the country code). Only digits, spaces and `( ) . + -` may
 * surround them. Anything else is null.
 */
export function normalizeNorthAmericanPhone(input: string): string | null {
  if (!PHONE_CHARACTERS.test(input)) return null;
  let digits = input.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * Validates a phone property and converts it to `xxx-xxx-xxxx`. An input that is not a North American
 * number is left as given, so the pattern check refuses it with a message naming the property.
 */
export function IsNorthAmericanPhone(): PropertyDecorator {
  const normalize = Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? (normalizeNorthAmericanPhone(value) ?? value) : value,
  );
  const check = Matches(NORMALIZED_PHONE, {
    message: ({ property }) =>
      `${property} must be a North American phone number: 10 digits, or 11 digits starting with 1`,
  });
  return (target, property) => {
    normalize(target, property);
    check(target, property);
  };
}
