import { INT32_ID, INT64_ID, IsCanonicalInt } from '../../common/validation/canonical-int.decorator';

export class LeadMessagesParams {
  /** @example 1042 */
  @IsCanonicalInt(INT64_ID)
  leadId: number;
}

export class VendorLeadMessagesParams extends LeadMessagesParams {
  /** @example 7 */
  @IsCanonicalInt(INT32_ID)
  vendorId: number;
}
