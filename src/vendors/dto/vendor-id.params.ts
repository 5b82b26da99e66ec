import { INT32_ID, IsCanonicalInt } from '../../common/validation/canonical-int.decorator';

export class VendorIdParams {
  /** @example 1 */
  @IsCanonicalInt(INT32_ID)
  vendorId: number;
}
