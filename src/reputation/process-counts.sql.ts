import type { TimeWindow } from '../common/time/time-window';
import type { ChangeCounter } from '../database/change-count';
import {
  DAYS_END,
  FIRST_DAY,
  ROLLUP_NUMBERING,
  rollupValues,
  rowsOnPartialDays,
  spanCountsSql,
} from './day-rollups.sql';
import { NamedSql } from '../database/named-sql';
import type { Statement } from '../database/statement';

export type Counts = Record<string, number>;

/** The number of the window's events meeting the condition, from the grouped counts below. */
const events = (condition: string): string => `coalesce(sum(n) FILTER (WHERE ${condition}), 0)`;

/**
 * KPIs counted from the events: the vendor's counts per day and kind of event for the window's whole
 * days (reputation_event_days, kept by triggers) and the events of its partial first and last days (a
 * range scan of at most two days), summed per kind (a few dozen groups); each KPI is then summed over
 * the groups. Summing the rollup's rows per kind first, rather than each KPI's FILTER on every row,
 * takes the all-time count of a vendor with a year of events (8,000 rows) from 11 to ~3 ms.
 */
const EVENT_COUNTS = new NamedSql<Counts>(
  `
  WITH grouped AS (
    SELECT type, rating, would_refer, platform, sum(n) AS n
      FROM (SELECT type, rating, would_refer, platform, n
              FROM reputation_event_days
             WHERE vendor_id = :vendorId AND day >= ${FIRST_DAY} AND day < ${DAYS_END}
            UNION ALL
            SELECT type, rating, would_refer, platform, 1
              FROM ${rowsOnPartialDays('reputation_events', 'occurred_at')} AS partial_days) AS counted
     GROUP BY type, rating, would_refer, platform
  )
  SELECT ${events(`type = 'FEEDBACK_REQUESTED'`)} AS "totalFeedbackRequestsSent",
         ${events(`type = 'FEEDBACK_ANSWERED' AND rating >= 4`)} AS "positiveFeedbacks",
         ${events(`type = 'FEEDBACK_ANSWERED' AND rating <= 3`)} AS "negativeFeedbacks",
         ${events(`type = 'FEEDBACK_ANSWERED'`)} AS "completedFeedbackRequests",
         coalesce(round(sum(rating * n) FILTER (WHERE type = 'FEEDBACK_ANSWERED')
                        / nullif(sum(n) FILTER (WHERE type = 'FEEDBACK_ANSWERED' AND rating IS NOT NULL), 0), 2), 0)::float8
           AS "feedbackAverageStarRating",
         ${events(`type = 'FEEDBACK_ANSWERED' AND would_refer`)} AS "totalWouldRefer",
         ${events(`type = 'REVIEW_REQUESTED'`)} AS "totalReviewRequestsSent",
         ${events(`type = 'REVIEW_YES'`)} AS "yesClicks",
         ${events(`type = 'REVIEW_NO'`)} AS "noClicks",
         ${events(`type = 'REVIEW_LINK_CLICKED'`)} AS "totalReviewLinkClicks",
         ${events(`type = 'REVIEW_CONFIRMED'`)} AS "totalReviewsCompleted",
         ${events(`type = 'REVIEW_LINK_CLICKED' AND platform = 'GOOGLE'`)} AS "googleReviewLinkClicks",
         ${events(`type = 'REVIEW_LINK_CLICKED' AND platform = 'FACEBOOK'`)} AS "facebookReviewLinkClicks",
         ${events(`type = 'REVIEW_LINK_CLICKED' AND platform = 'BBB'`)} AS "bbbReviewLinkClicks",
         ${events(`type = 'REVIEW_LINK_CLICKED' AND platform = 'OTHER'`)} AS "otherReviewLinkClicks",
         ${events(`type = 'REFERRAL_REQUESTED'`)} AS "totalReferralRequestsSent",
         ${events(`type = 'REFERRAL_CONVERTED'`)} AS "totalReferralConversions"
    FROM grouped`,
  { prepare: true, numbering: ROLLUP_NUMBERING },
);

/**
 * The processes by state: a process belongs to the window by the time it started (or ended, for
 * completed and terminated), and its state is the one it had at the end of the window.
 */
const PROCESS_COUNTS = new NamedSql<Counts>(
  spanCountsSql(
    { table: 'reputation_processes', rollup: 'reputation_process_days', start: 'started_at', end: 'ended_at' },
    {
      totalReputationProcesses: 'started',
      totalReputationProcessesCompleted: { ended: `state = 'COMPLETED'` },
      totalReputationProcessesInProgress: 'open',
      totalReputationProcessesTerminated: { ended: `state = 'TERMINATED'` },
    },
  ),
  { prepare: true, numbering: ROLLUP_NUMBERING },
);

/** What the two statements above read, and the count of changes to it that the `KpiChanges` triggers keep. */
export const PROCESS_COUNTS_CHANGES: ChangeCounter = {
  table: 'reputation_changes',
  column: 'changes',
  reads: [
    { table: 'reputation_events', columns: ['vendor_id', 'occurred_at', 'type', 'rating', 'would_refer', 'platform'] },
    { table: 'reputation_processes', columns: ['vendor_id', 'started_at', 'ended_at', 'state'] },
  ],
};

/** The two KPI statements of the core's tables (also run by the benchmark's baseline and bench:kpi). */
export function processCountStatements(vendorId: number, window: TimeWindow): Statement<Counts>[] {
  const values = rollupValues(vendorId, window);
  return [EVENT_COUNTS.bind(values), PROCESS_COUNTS.bind(values)];
}
