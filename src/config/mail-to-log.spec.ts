import { environmentProblems } from './env.validation';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'production-test-jwt-secret-0123456789abcdef',
  SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  SUPPRESSION_KEY: 'production-test-suppression-key-0123456789',
  OPERATOR_NAME: 'Leads Co',
  OPERATOR_MAILING_ADDRESS: '100 King St W, Toronto ON M5X 1A9',
  OPERATOR_CONTACT: '1-800-555-0100',
};

describe('SMTP_URL in production', () => {
  it('is required, in one sentence, unless the operator sends e-mails to the log', () => {
    expect(environmentProblems(PRODUCTION)).toEqual([
      'SMTP_URL is required when NODE_ENV=production, unless MAIL_TO_LOG=true sends e-mails to the log',
    ]);
    expect(environmentProblems({ ...PRODUCTION, MAIL_TO_LOG: 'false' })).toHaveLength(1);
    expect(environmentProblems({ ...PRODUCTION, MAIL_TO_LOG: '' })).toHaveLength(1);
    expect(environmentProblems({ ...PRODUCTION, MAIL_TO_LOG: 'TRUE' })).toEqual([]);
    expect(environmentProblems({ ...PRODUCTION, MAIL_TO_LOG: 'true' })).toEqual([]);
    expect(
      environmentProblems({ ...PRODUCTION, SMTP_URL: 'smtp://mail.example:25', MAIL_FROM: 'a@b.example' }),
    ).toEqual([]);
  });

  it('is not required outside production', () => {
    expect(environmentProblems({ NODE_ENV: 'development' })).toEqual([]);
    expect(environmentProblems({})).toEqual([]);
  });
});
