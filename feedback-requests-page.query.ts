import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { Optional } from '../../common/validation/optional.decorator';

export class FeedbackRequestsPageQuery {
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
