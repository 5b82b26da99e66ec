import { environmentProblems, readEnvironment } from './env.validation';

describe('Reading the environment', () => {
  it('takes an empty value as unset: the default applies and nothing is refused', () => {
    const empty = { SMTP_URL: '', MAIL_FROM: '', SMS_ACCOUNT_SID: '', SMS_AUTH_TOKEN: '', SMS_FROM: '', PORT: '' };
    expect(environmentProblems(empty)).toEqual([]);
    const environment = readEnvironment(empty);
    expect({ smtp: environment.SMTP_URL, sms: environment.SMS_FROM, port: environment.PORT }).toEqual({
      smtp: undefined,
      sms: undefined,
      port: 3000,
    });
  });

  it('takes an empty required production setting as missing', () => {
    const problems = environmentProblems({ NODE_ENV: 'production', JWT_SECRET: '' });
    expect(problems.some((problem) => problem.includes('JWT_SECRET'))).toBe(true);
  });
});
