import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { INT32_ID, IsCanonicalInt } from '../../common/validation/canonical-int.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';

export class AuditLogQuery {
  /** Entries after this one (the `nextAfter` of the previous page); from the oldest when absent. @example "1042" */
  @ApiPropertyOptional()
  @SkipIfAbsent()
  @IsString()
  @Matches(/^[1-9]\d{0,17}$/, { message: 'after must be an audit log entry id such as 1042.' })
  after?: string;

  /** @example 50 */
  @ApiPropertyOptional()
  @SkipIfAbsent()
  @IsCanonicalInt({ min: 1, max: 100 })
  limit: number = 50;

  /** Only the entries that concern this vendor. @example 7 */
  @ApiPropertyOptional()
  @SkipIfAbsent()
  @IsCanonicalInt(INT32_ID)
  vendorId?: number;
}
