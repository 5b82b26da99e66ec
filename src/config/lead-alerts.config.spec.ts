import { envValidationSchema } from './env.validation';

describe('LEAD_ALERT_URL', () => {
  it.each([
    'https://portal.example.com/leads/{leadId}',
    'http://127.0.0.1:8080/l?id={leadId}',
    'https://portal.example.com/leads',
  ])('accepts %s', (value) => {
    expect(envValidationSchema.validate({ LEAD_ALERT_URL: value }).error).toBeUndefined();
  });

  it.each([
    'portal.example.com/leads/{leadId}',
    'javascript:alert({leadId})',
    'ftp://example.com/{leadId}',
    'https://',
  ])('refuses %s at start, naming the setting', (value) => {
    expect(envValidationSchema.validate({ LEAD_ALERT_URL: value }).error?.message).toMatch(
      /LEAD_ALERT_URL.*http\(s\) URL/,
    );
  });
});
