import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';

// A calendar date, or a date-time with optional seconds/fraction and an optional zone (UTC when absent).
const ISO_DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const message = ({ property }: { property: string }) =>
  `${property} must be an ISO 8601 date (2026-03-31) or date-time (2026-03-31T12:00:00Z)`;

/**
 * Counts only events inside the window. Both bounds are inclusive; a date alone stands for the whole
 * day in UTC (from = its start, to = its end).
 */
export class KpiQuery {
  /** @example "2026-01-01" */
  @SkipIfAbsent()
  @Matches(ISO_DATE_OR_DATE_TIME, { message })
  @ApiProperty({ pattern: ISO_DATE_OR_DATE_TIME.source })
  from?: string;

  /** @example "2026-12-31" */
  @SkipIfAbsent()
  @Matches(ISO_DATE_OR_DATE_TIME, { message })
  @ApiProperty({ pattern: ISO_DATE_OR_DATE_TIME.source })
  to?: string;
}
