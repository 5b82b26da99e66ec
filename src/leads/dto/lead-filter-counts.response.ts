import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import type { LeadFilterCounts } from '../leads.repository';

/** How many of the vendor's leads each list filter shows. */
export class LeadFilterCountsResponse implements LeadFilterCounts {
  /** @example 42 */
  @ApiInteger({ min: 0 })
  allLeadsCount: number;
  /** @example 17 */
  @ApiInteger({ min: 0 })
  acceptedLeadsCount: number;
  /** @example 5 */
  @ApiInteger({ min: 0 })
  requiresAttentionLeadsCount: number;
}
