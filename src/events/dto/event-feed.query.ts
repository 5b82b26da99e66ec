import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { IsCanonicalInt } from '../../common/validation/canonical-int.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';

export class EventFeedQuery {
  /** Events after this one (the `nextAfter` of the previous page); from the oldest of the last 30 days when absent. @example "evt_981" */
  @ApiPropertyOptional()
  @SkipIfAbsent()
  @IsString()
  @Matches(/^evt_\d{1,18}$/, { message: 'after must be an event id such as evt_981.' })
  after?: string;

  /** @example 50 */
  @ApiPropertyOptional()
  @SkipIfAbsent()
  @IsCanonicalInt({ min: 1, max: 100 })
  limit: number = 50;
}
