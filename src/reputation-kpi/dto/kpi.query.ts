import { IsIsoDateBound } from '../../common/validation/iso-date-bound.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';

/**
 * Counts only events inside the window. Both bounds are inclusive; a date alone stands for the whole
 * day in UTC (from = its start, to = its end).
 */
export class KpiQuery {
  /** @example "2026-01-01" */
  @SkipIfAbsent()
  @IsIsoDateBound('The first day or instant counted; not after `to`, else a 400. Left out: no lower bound.')
  from?: string;

  /** @example "2026-12-31" */
  @SkipIfAbsent()
  @IsIsoDateBound(
    'The last day or instant counted (a day: its end); not before `from`, else a 400. Left out: no upper bound.',
  )
  to?: string;
}
