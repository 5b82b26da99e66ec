import { normalizePhone } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['4165551234', '416-555-1234'],
    ['416-555-1234', '416-555-1234'],
    ['(416) 555-1234', '416-555-1234'],
    ['+1 416 555 1234', '416-555-1234'],
    ['1-416-555-1234', '416-555-1234'],
    ['416.555.1234', '416-555-1234'],
  ])('normalizes %s to %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ['nine digits', '416555123'],
    ['eleven digits not starting with 1', '24165551234'],
    ['twelve digits', '114165551234'],
    ['letters', '416-555-CALL'],
    ['digits hidden in text', 'call 4165551234'],
    ['empty', ''],
  ])('refuses %s', (_case, input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});
