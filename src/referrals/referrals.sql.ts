import { NamedSql } from '../database/named-sql';

/** The statements of the referrals' customer records (docs/contract.md#data-rights). */
export const REFERRAL_RECORDS_SQL = {
  /**
   * The friends' contact requests the referrals :referralIds brought (idx_referral_conversions_referral),
   * as `ConversionRecord`s: the friend's, but their words may name the person who referred them.
   */
  referredConversions: new NamedSql(`
    SELECT id, vendor_id AS "vendorId", referral_id AS "referralId", name, email, phone, message, created_at AS "createdAt"
      FROM referral_conversions WHERE referral_id = ANY(:referralIds::bigint[]) ORDER BY id`),
};
