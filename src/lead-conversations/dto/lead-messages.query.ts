import { ApiPropertyOptional } from '@nestjs/swagger';
import { INT64_ID, IsCanonicalInt } from '../../common/validation/canonical-int.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';

export class LeadMessagesQuery {
  /** Messages after this one (the `nextAfter` of the previous page); from the first when absent. @example 42 */
  @ApiPropertyOptional()
  @SkipIfAbsent()
  @IsCanonicalInt(INT64_ID)
  after?: number;

  /** @example 50 */
  @ApiPropertyOptional()
  @SkipIfAbsent()
  @IsCanonicalInt({ min: 1, max: 100 })
  limit: number = 50;
}
