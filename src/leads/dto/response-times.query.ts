import { IsIsoDateBound } from '../../common/validation/iso-date-bound.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';

/**
 * The leads assigned inside the window count. Both bounds are inclusive; a date alone stands for the
 * whole day in UTC. Default: the 90 days before now (or before `to`); at most 366 days.
 */
export class ResponseTimesQuery {
  /** @example "2026-09-01" */
  @SkipIfAbsent()
  @IsIsoDateBound()
  from?: string;

  /** @example "2026-11-30" */
  @SkipIfAbsent()
  @IsIsoDateBound()
  to?: string;
}
