import { ApiPropertyOptional } from '@nestjs/swagger';
import { INT64_ID, IsCanonicalInt } from '../validation/canonical-int.decorator';
import { SkipIfAbsent } from '../validation/skip-if-absent.decorator';

/** `after` and `limit` of a list read oldest first with a cursor that is a row's id (a conversation's messages). */
export class IdCursorQuery {
  /** Items after this one (the `nextAfter` of the previous page); from the oldest when absent. @example 42 */
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
