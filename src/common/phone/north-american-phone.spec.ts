import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { IsNorthAmericanPhone, normalizeNorthAmericanPhone } from './north-american-phone';

describe('normalizeNorthAmericanPhone', () => {
  it.each([
    ['4165551234', '416-555-1234'],
    ['416-555-1234', '416-555-1234'],
    ['(416) 555-1234', '416-555-1234'],
    ['416.555.1234', '416-555-1234'],
    ['+1 416 555 1234', '416-555-1234'],
    ['1-416-555-1234', '416-555-1234'],
    ['14165551234', '416-555-1234'],
    ['  416 555 1234 ', '416-555-1234'],
  ])('normalizes %p to %p', (input, expected) => {
    expect(normalizeNorthAmericanPhone(input)).toBe(expected);
  });

  it.each([
    ['too few digits', '416555123'],
    ['too many digits', '416555123456'],
    ['11 digits not starting with 1', '24165551234'],
    ['letters among the digits', '416-555-CALL'],
    ['letters that would leave 10 digits', 'tel:4165551234'],
    ['an extension', '416-555-1234 x12'],
    ['nothing', ''],
    ['only punctuation', '(--)'],
  ])('refuses %s (%p)', (_case, input) => {
    expect(normalizeNorthAmericanPhone(input)).toBeNull();
  });
});

describe('@IsNorthAmericanPhone', () => {
  class Body {
    @IsNorthAmericanPhone()
    phone: unknown;
  }
  const check = (phone: unknown) => {
    const body = plainToInstance(Body, { phone });
    return { body, errors: validateSync(body).flatMap((e) => Object.values(e.constraints ?? {})) };
  };

  it('stores the normalized form', () => {
    expect(check('+1 (416) 555-1234')).toEqual({ body: { phone: '416-555-1234' }, errors: [] });
  });

  it('refuses anything else with a message naming the property', () => {
    for (const phone of ['555-1234', 4165551234, '']) {
      expect(check(phone).errors).toEqual([
        'phone must be a North American phone number: 10 digits, or 11 digits starting with 1',
      ]);
    }
  });
});
