import { ConfigType, registerAs } from '@nestjs/config';
import { SettingsGroup, integer, readSettings } from './settings/setting';

export const referralsSettings = {
  title: 'Referrals',
  settings: {
    REFERRAL_SHARE_LINK_DAILY_CONVERSIONS: integer(
      1,
      10_000,
      20,
      "contact requests one customer's share link takes in any 24 hours (1..10000); the next is refused with a page saying so ([API6](security.md#api6-unrestricted-access-to-sensitive-business-flows))",
    ),
  },
} satisfies SettingsGroup;

/** Refer-a-friend (src/referrals). */
export const referralsConfig = registerAs('referrals', () => ({
  /**
   * Contact requests one share link takes in any 24 hours: the link is public and each request is a
   * webhook fan-out, so made-up requests cannot be posted without end.
   */
  shareLinkDailyConversions: readSettings(referralsSettings).REFERRAL_SHARE_LINK_DAILY_CONVERSIONS,
}));

export type ReferralsConfig = ConfigType<typeof referralsConfig>;
