import { IsIsoDateBound } from '../../common/validation/iso-date-bound.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';

/**
 * Counts only events inside the window. Both bounds are inclusive; a date alone stands for the whole
 * day in UTC (from = its start, to = its end).
 */
export class KpiQuery {
  /** @example "2026-01-01" */
  @SkipIfAbsent()
  @IsIsoDateBound()
  from?: string;

  /** @example "2026-12-31" */
  @SkipIfAbsent()
  @IsIsoDateBound()
  to?: string;
}
