import { ConfigType, registerAs } from '@nestjs/config';

/** Refer-a-friend (src/referrals). Values are validated in env.validation.ts. */
export const referralsConfig = registerAs('referrals', () => ({
  /**
   * Contact requests one share link takes in any 24 hours: the link is public and each request is a
   * webhook fan-out, so made-up requests cannot be posted without end.
   */
  shareLinkDailyConversions: Number(process.env.REFERRAL_SHARE_LINK_DAILY_CONVERSIONS ?? 20),
}));

export type ReferralsConfig = ConfigType<typeof referralsConfig>;
