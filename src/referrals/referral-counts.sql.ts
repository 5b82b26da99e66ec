import type { TimeWindow } from '../common/time/time-window';
import type { ChangeCounter } from '../database/change-count';
import { ROLLUP_NUMBERING, rollupValues, spanCountsSql } from '../reputation/day-rollups.sql';
import { NamedSql } from '../database/named-sql';
import type { Statement } from '../database/statement';

const completedBy = (channel: string) => ({ ended: `completed_channel = '${channel}'` });

/**
 * Referral requests completed in the window, by channel, and those still open at its end, from
 * referral_request_days and the window's partial days; then how many of the open ones are among the
 * requests whose messages all failed (:failedIds, a few of the vendor's ids, each looked up by primary key: a
 * vendor condition there would let a generic plan scan all of the vendor's requests instead).
 */
const REFERRAL_COUNTS = new NamedSql<ReferralCounts>(
  `
  SELECT counts.*,
         (SELECT count(*) FROM referral_requests
           WHERE id = ANY(:failedIds) AND created_at >= :from AND created_at < :until
             AND (completed_at IS NULL OR completed_at >= :until)) AS "openFailed"
    FROM (${spanCountsSql(
      { table: 'referral_requests', rollup: 'referral_request_days', start: 'created_at', end: 'completed_at' },
      {
        referralRequestsCompleted: { ended: 'TRUE' },
        referralRequestsCompletedByEmail: completedBy('EMAIL'),
        referralRequestsCompletedByText: completedBy('TEXT'),
        referralRequestsCompletedByShare: completedBy('SHARE'),
        open: 'open',
      },
    )}) AS counts`,
  { prepare: true, numbering: [...ROLLUP_NUMBERING, 'failedIds'] },
);

/**
 * What the counts read, and the count of changes to it that the `KpiChanges` triggers keep (`id` only
 * picks the requests given as failed: a row's id never changes).
 */
export const REFERRAL_COUNTS_CHANGES: ChangeCounter = {
  table: 'referral_request_changes',
  column: 'changes',
  reads: [{ table: 'referral_requests', columns: ['vendor_id', 'created_at', 'completed_at', 'completed_channel'] }],
};

export interface ReferralCounts {
  referralRequestsCompleted: number;
  referralRequestsCompletedByEmail: number;
  referralRequestsCompletedByText: number;
  referralRequestsCompletedByShare: number;
  open: number;
  openFailed: number;
}

/**
 * The KPI counts of referral requests (also run by the benchmark's baseline and bench:kpi). failedIds:
 * the requests whose messages all failed (the notification outbox's to say).
 */
export function referralCountsStatement(
  vendorId: number,
  window: TimeWindow,
  failedIds: string[],
): Statement<ReferralCounts> {
  return REFERRAL_COUNTS.bind({ ...rollupValues(vendorId, window), failedIds });
}
