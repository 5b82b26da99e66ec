import { ConfigType, registerAs } from '@nestjs/config';
import { readEnvironment } from './env.validation';

/** Refer-a-friend (src/referrals). */
export const referralsConfig = registerAs('referrals', () => ({
  /**
   * Contact requests one share link takes in any 24 hours: the link is public and each request is a
   * webhook fan-out, so made-up requests cannot be posted without end.
   */
  shareLinkDailyConversions: readEnvironment().REFERRAL_SHARE_LINK_DAILY_CONVERSIONS,
}));

export type ReferralsConfig = ConfigType<typeof referralsConfig>;
