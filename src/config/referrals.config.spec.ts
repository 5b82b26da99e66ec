import { envValidationSchema } from './env.validation';
import { referralsConfig } from './referrals.config';

describe('referralsConfig', () => {
  const saved = process.env.REFERRAL_SHARE_LINK_DAILY_CONVERSIONS;
  beforeEach(() => delete process.env.REFERRAL_SHARE_LINK_DAILY_CONVERSIONS);
  afterAll(() => {
    if (saved !== undefined) process.env.REFERRAL_SHARE_LINK_DAILY_CONVERSIONS = saved;
  });

  it('takes 20 contact requests per share link a day unless set', () => {
    expect(referralsConfig()).toEqual({ shareLinkDailyConversions: 20 });
    expect(envValidationSchema.validate({}).value).toMatchObject({ REFERRAL_SHARE_LINK_DAILY_CONVERSIONS: 20 });
    process.env.REFERRAL_SHARE_LINK_DAILY_CONVERSIONS = '5';
    expect(referralsConfig()).toEqual({ shareLinkDailyConversions: 5 });
  });

  it.each(['0', '-1', '2.5', 'many', '10001'])('refuses REFERRAL_SHARE_LINK_DAILY_CONVERSIONS=%s at start', (value) => {
    expect(envValidationSchema.validate({ REFERRAL_SHARE_LINK_DAILY_CONVERSIONS: value }).error?.message).toContain(
      'REFERRAL_SHARE_LINK_DAILY_CONVERSIONS',
    );
  });
});
