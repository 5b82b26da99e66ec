import { IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../../common/pagination/page.query';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { Trim } from '../../common/validation/trim.decorator';

export class SearchVendorsQuery extends PageQuery {
  /**
   * Digits match the vendor id exactly or a part of the name; anything else is a case-insensitive part
   * of the name. Absent or blank: every vendor.
   * @example "maple"
   */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @MaxLength(200)
  search?: string;
}
