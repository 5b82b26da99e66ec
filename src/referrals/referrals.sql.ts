import { NamedSql } from '../database/named-sql';

export const REFERRAL_SQL = {
  /** Marks the referral request :id completed by :channel unless an earlier referral already did. */
  completeRequest: new NamedSql(`
    UPDATE referral_requests SET completed_at = now(), completed_channel = :channel
    WHERE id = :id AND completed_at IS NULL`),

  /** Whether :vendorId invited the e-mail or phone :address within the last :days days, by any customer. */
  invitedWithin: new NamedSql<{ found: boolean }>(`
    SELECT EXISTS (SELECT 1 FROM referrals
                   WHERE vendor_id = :vendorId AND coalesce(friend_email, friend_phone) = :address
                     AND created_at > now() - make_interval(days => :days)) AS found`),

  /** Whether the referral :referralId has a conversion from :email or :phone; from anyone when :anyone. */
  conversionExists: new NamedSql<{ found: boolean }>(`
    SELECT EXISTS (SELECT 1 FROM referral_conversions
                   WHERE referral_id = :referralId AND (:anyone OR email = :email OR phone = :phone)) AS found`),
};
