import { randomBytes } from 'node:crypto';
import { envValidationSchema } from './env.validation';

const key = (): string => randomBytes(32).toString('base64');
/** What the validation says of the secrets keys (other settings required in production are not this test's). */
const errorOf = (env: Record<string, string>): string | undefined =>
  envValidationSchema
    .validate({ JWT_SECRET: 'j'.repeat(32), ...env }, { allowUnknown: true, abortEarly: false })
    .error?.details.map((detail) => detail.message)
    .filter((message) => message.includes('SECRETS_KEY'))
    .join('. ') || undefined;

describe('SECRETS_KEY validation at boot', () => {
  it('is required in production, and generated into the data directory outside it', () => {
    expect(errorOf({ NODE_ENV: 'production' })).toBe('SECRETS_KEY is required when NODE_ENV=production');
    expect(errorOf({ NODE_ENV: 'production', SECRETS_KEY: key() })).toBeUndefined();
    expect(errorOf({ NODE_ENV: 'development' })).toBeUndefined();
  });

  it.each(['short', randomBytes(16).toString('base64'), randomBytes(33).toString('base64'), 'x'.repeat(44)])(
    'refuses %j: not 32 bytes in base64',
    (value) => expect(errorOf({ SECRETS_KEY: value })).toMatch(/SECRETS_KEY must be 32 random bytes in base64/),
  );

  it('takes a previous key of the same form that differs from the current one', () => {
    const current = key();
    expect(errorOf({ SECRETS_KEY: current, SECRETS_KEY_PREVIOUS: key() })).toBeUndefined();
    expect(errorOf({ SECRETS_KEY: current, SECRETS_KEY_PREVIOUS: current })).toBe(
      'SECRETS_KEY_PREVIOUS must differ from SECRETS_KEY',
    );
    expect(errorOf({ SECRETS_KEY: current, SECRETS_KEY_PREVIOUS: 'nope' })).toMatch(/SECRETS_KEY_PREVIOUS must be 32/);
  });
});
