import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { exportedTime } from '../../common/privacy/customer-data-export';
import { INT32_ID, INT64_ID } from '../../common/validation/canonical-int.decorator';
import type { ConversionRecord, ReferralRecord } from '../referral-customer-records.sql';

/** A friend the customer referred, or (in `referrals`) a referral that invited this person. */
export class ExportedReferral {
  @ApiInteger(INT64_ID) id: number;
  @ApiInteger(INT32_ID) vendorId: number;
  /** @example "EMAIL" */
  channel: string;
  friendName: string | null;
  friendEmail: string | null;
  friendPhone: string | null;
  createdAt: string;

  static from(referral: ReferralRecord): ExportedReferral {
    const { id, vendorId, channel, friendName, friendEmail, friendPhone, createdAt } = referral;
    return {
      id: Number(id),
      vendorId,
      channel,
      friendName,
      friendEmail,
      friendPhone,
      createdAt: exportedTime(createdAt),
    };
  }
}

/** A contact request this person sent from a friend's referral page. */
export class ExportedContactRequest {
  @ApiInteger(INT64_ID) id: number;
  @ApiInteger(INT32_ID) vendorId: number;
  name: string;
  email: string | null;
  phone: string | null;
  message: string | null;
  createdAt: string;

  static from(conversion: ConversionRecord): ExportedContactRequest {
    const { id, vendorId, name, email, phone, message, createdAt } = conversion;
    return { id: Number(id), vendorId, name, email, phone, message, createdAt: exportedTime(createdAt) };
  }
}
