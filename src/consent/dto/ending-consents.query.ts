import { IsCanonicalInt } from '../../common/validation/canonical-int.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';

/** How far ahead to look for bases ending. */
export class EndingConsentsQuery {
  /** Days from now, 1 to 3650. @default 30 */
  @SkipIfAbsent()
  @IsCanonicalInt({ min: 1, max: 3650 })
  days?: number;
}
