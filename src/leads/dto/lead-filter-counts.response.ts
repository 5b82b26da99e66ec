import type { LeadFilterCounts } from '../leads.repository';

/** How many of the vendor's leads each list filter shows. */
export class LeadFilterCountsResponse implements LeadFilterCounts {
  /** @example 42 */
  allLeadsCount: number;
  /** @example 17 */
  acceptedLeadsCount: number;
  /** @example 5 */
  requiresAttentionLeadsCount: number;
}
