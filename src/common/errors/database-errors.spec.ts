import { isDatabaseUnavailable, isUniqueViolation } from './database-errors';

const withCode = (code: string, message = 'x'): Error => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    withCode('ECONNREFUSED'),
    withCode('57P01', 'terminating connection due to administrator command'),
    withCode('08006'),
    withCode('53300'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Connection terminated unexpectedly'),
    Object.assign(new Error('query failed'), { driverError: withCode('ECONNRESET') }),
  ])('recognises %p', (error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([withCode('23505'), withCode('22P02'), new Error('relation does not exist'), 'ECONNREFUSED', null])(
    'does not mistake %p for an outage',
    (error) => expect(isDatabaseUnavailable(error)).toBe(false),
  );
});

describe('isUniqueViolation', () => {
  it('recognises 23505 on the error or its driver error', () => {
    expect(isUniqueViolation(withCode('23505'))).toBe(true);
    expect(isUniqueViolation({ driverError: { code: '23505' } })).toBe(true);
    expect(isUniqueViolation(withCode('23503'))).toBe(false);
  });
});
