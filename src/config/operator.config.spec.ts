import { envValidationSchema } from './env.validation';
import { notificationsConfig } from './notifications.config';

const OPERATOR_SETTINGS = ['OPERATOR_NAME', 'OPERATOR_MAILING_ADDRESS', 'OPERATOR_CONTACT'];
/** What the validation says of the operator's settings (other settings required in production are not this test's). */
const errorsOf = (env: Record<string, string>): string[] =>
  envValidationSchema
    .validate(env, { allowUnknown: true, abortEarly: false })
    .error?.details.map((detail) => detail.message)
    .filter((message) => OPERATOR_SETTINGS.some((name) => message.includes(name))) ?? [];

const PRODUCTION_OPERATOR = {
  OPERATOR_NAME: 'Leads Co',
  OPERATOR_MAILING_ADDRESS: '100 King St W, Toronto ON M5X 1A9',
  OPERATOR_CONTACT: '1-800-555-0100',
};

describe("The operator's settings at boot (CASL identification)", () => {
  it('are each required in production', () => {
    expect(errorsOf({ NODE_ENV: 'production' })).toEqual(
      OPERATOR_SETTINGS.map((name) => `${name} is required when NODE_ENV=production`),
    );
    expect(errorsOf({ NODE_ENV: 'production', ...PRODUCTION_OPERATOR })).toEqual([]);
    expect(errorsOf({ NODE_ENV: 'development' })).toEqual([]);
  });

  it.each([
    ['a line break', 'OPERATOR_MAILING_ADDRESS', '100 King St W\nToronto', /one line of plain text/],
    ['markup', 'OPERATOR_CONTACT', '<a href="x">us</a>', /one line of plain text/],
    ['too long an address', 'OPERATOR_MAILING_ADDRESS', 'x'.repeat(301), /less than or equal to 300/],
    ['blanks only', 'OPERATOR_CONTACT', '   ', /OPERATOR_CONTACT is required when NODE_ENV=production/],
    ['a line break in the name', 'OPERATOR_NAME', 'Leads\r\nBcc: x', /OPERATOR_NAME must be a plain name/],
    ['a right-to-left override in the name', 'OPERATOR_NAME', 'Leads \u202Eoc', /OPERATOR_NAME must be a plain name/],
    [
      'a bidirectional isolate in the name',
      'OPERATOR_NAME',
      'Leads \u2067Co\u2069',
      /OPERATOR_NAME must be a plain name/,
    ],
    ['an address in the name', 'OPERATOR_NAME', 'Leads <x@y.example>', /OPERATOR_NAME must be a plain name/],
  ])('refuses %s', (_case, name, value, message) => {
    expect(errorsOf({ NODE_ENV: 'production', ...PRODUCTION_OPERATOR, [name]: value }).join(' ')).toMatch(message);
  });

  it('are read trimmed, and unset outside production leaves the operator without address or contact', () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        OPERATOR_MAILING_ADDRESS: ' 100 King St W ',
        OPERATOR_CONTACT: 'help@leads.example',
      });
      expect(notificationsConfig()).toMatchObject({
        operatorMailingAddress: '100 King St W',
        operatorContact: 'help@leads.example',
      });
      delete process.env.OPERATOR_MAILING_ADDRESS;
      delete process.env.OPERATOR_CONTACT;
      expect(notificationsConfig()).toMatchObject({ operatorMailingAddress: null, operatorContact: null });
    } finally {
      process.env = saved;
    }
  });
});
