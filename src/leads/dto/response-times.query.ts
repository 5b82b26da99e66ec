import { IsIsoDateBound } from '../../common/validation/iso-date-bound.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';

/**
 * The leads assigned inside the window count. Both bounds are inclusive; a date alone stands for the
 * whole day in UTC. Default: the 90 days before now (or before `to`); at most 366 days.
 */
export class ResponseTimesQuery {
  /** @example "2026-09-01" */
  @SkipIfAbsent()
  @IsIsoDateBound(
    'The first day or instant counted. Not after `to`; the window, from `from` (or 90 days before `to`) to `to` (or now), is at most 366 days, else a 400.',
  )
  from?: string;

  /** @example "2026-11-30" */
  @SkipIfAbsent()
  @IsIsoDateBound(
    'The last day or instant counted (a day: its end). Not before `from`; the window is at most 366 days, else a 400.',
  )
  to?: string;
}
