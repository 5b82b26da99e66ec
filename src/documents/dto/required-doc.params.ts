import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { VendorIdParams } from '../../vendors/dto/vendor-id.params';

export class VendorRequiredDocParams extends VendorIdParams {
  /** A document kind's id (GET /required-doc-types). @example 1 */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  requiredDocId: number;
}
