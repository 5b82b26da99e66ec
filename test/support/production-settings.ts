/** Test values of every setting production requires (src/config/<area>.config.ts), as an operator fills them in. */
export const PRODUCTION_SETTINGS = {
  NODE_ENV: 'production',
  JWT_SECRET: 'production-test-jwt-secret-0123456789abcdef',
  SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  SUPPRESSION_KEY: 'production-test-suppression-key-0123456789',
  OPERATOR_NAME: 'Leads Co',
  OPERATOR_MAILING_ADDRESS: '100 King St W, Toronto ON M5X 1A9',
  OPERATOR_CONTACT: '1-800-555-0100',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'Leads Co <no-reply@leads.example>',
};
