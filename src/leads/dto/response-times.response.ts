import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import type { LeadResponseTimes } from '../lead-response-times';

/**
 * How fast the vendor answers its leads (docs/contract.md#speed-to-lead), over the leads assigned in the window. Minutes
 * and percents have one decimal; null when no lead counts. View: the vendor's first
 * GET /general-leads/{id} (or its decision on a lead it never opened); action: accept or decline.
 */
export class LeadResponseTimesResponse implements LeadResponseTimes {
  /** Leads assigned in the window. @example 42 */
  @ApiInteger({ min: 0 })
  leadsAssigned: number;

  /** Of those, viewed with a known view time. @example 40 */
  @ApiInteger({ min: 0 })
  leadsViewed: number;

  /** Of those, accepted or declined. @example 35 */
  @ApiInteger({ min: 0 })
  leadsActioned: number;

  /** Of those, expired without an answer (or overdue). @example 3 */
  @ApiInteger({ min: 0 })
  leadsExpired: number;

  /** Median minutes from assignment to first view, over the leads viewed. @example 12.5 */
  @ApiProperty({ type: Number, nullable: true })
  medianMinutesToView: number | null;

  /** Median minutes from assignment to accept or decline, over the leads actioned. @example 47 */
  @ApiProperty({ type: Number, nullable: true })
  medianMinutesToAction: number | null;

  /** 90th percentile of the same (linear interpolation between the two nearest). @example 310.2 */
  @ApiProperty({ type: Number, nullable: true })
  p90MinutesToAction: number | null;

  /**
   * Median minutes from assignment to the vendor's first message through the service
   * (`POST /general-leads/{leadId}/messages`), over the leads messaged. @example 95.5
   */
  @ApiProperty({ type: Number, nullable: true })
  medianMinutesToFirstMessage: number | null;

  /**
   * Of the leads actioned or assigned more than an hour ago (a younger unanswered lead is not late
   * yet), the percent actioned within an hour of their assignment. @example 62.9
   */
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100 })
  actionedWithin1HourPercent: number | null;

  /** The same with 24 hours. @example 91.4 */
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100 })
  actionedWithin24HoursPercent: number | null;
}
