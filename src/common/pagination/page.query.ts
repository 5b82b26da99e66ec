import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsCanonicalInt } from '../validation/canonical-int.decorator';
import { SkipIfAbsent } from '../validation/skip-if-absent.decorator';
import { MAX_PAGE_SIZE, type PageRequest } from './page';

/**
 * `page` and `size` of every paginated list, validated alike. Both have defaults, which
 * @ApiPropertyOptional states (the Swagger plugin would otherwise document them as required).
 */
export class PageQuery implements PageRequest {
  /** Page index, from 0. A page past the end is empty. @example 0 */
  @ApiPropertyOptional()
  @SkipIfAbsent()
  @IsCanonicalInt({ min: 0, max: 1_000_000 })
  page: number = 0;

  /** Items per page. @example 10 */
  @ApiPropertyOptional()
  @SkipIfAbsent()
  @IsCanonicalInt({ min: 1, max: MAX_PAGE_SIZE })
  size: number = 10;
}
