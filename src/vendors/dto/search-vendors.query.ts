import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '../../common/validation/optional.decorator';
import { Trim } from '../../common/validation/trim.decorator';

export class SearchVendorsQuery {
  /**
   * Digits match the vendor id exactly or a part of the name; anything else is a case-insensitive part
   * of the name. Absent or blank: every vendor.
   * @example "maple"
   */
  @Optional()
  @Trim()
  @IsString()
  @MaxLength(200)
  search?: string;

  /** Page index, from 0. @example 0 */
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  page: number = 0;

  /** Page size. @example 10 */
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  size: number = 10;
}
