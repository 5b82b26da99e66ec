import { INT32_ID, IsCanonicalInt } from '../../common/validation/canonical-int.decorator';
import { VendorIdParams } from '../../vendors/dto/vendor-id.params';

export class VendorRequiredDocParams extends VendorIdParams {
  /** A document kind's id (GET /required-doc-types). @example 1 */
  @IsCanonicalInt(INT32_ID)
  requiredDocId: number;
}
