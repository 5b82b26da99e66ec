import { INT64_ID, IsCanonicalInt } from '../../common/validation/canonical-int.decorator';

export class LeadIdParams {
  /** @example 1 */
  @IsCanonicalInt(INT64_ID)
  id: number;
}
