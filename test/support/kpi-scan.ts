import type { DataSource } from 'typeorm';
import { type TimeWindow, windowBounds } from '../../src/common/time/time-window';
import { KPI_FIELDS, type Kpis } from '../../src/reputation-kpi/kpis';

/**
 * The KPIs as the service counted them before the day rollups: by scanning the vendor's events and
 * rows in the window ($1 vendor, $2 from, $3 until). The reference the rollup answers must equal.
 */
const events = (condition: string): string => `coalesce(sum(n) FILTER (WHERE ${condition}), 0)`;

const SCANS = [
  `WITH grouped AS (
     SELECT type, rating, would_refer, platform, count(*) AS n
       FROM reputation_events
      WHERE vendor_id = $1 AND occurred_at >= $2 AND occurred_at < $3
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
  `SELECT count(*) FILTER (WHERE started_at >= $2)                                        AS "totalReputationProcesses",
          count(*) FILTER (WHERE state = 'COMPLETED' AND ended_at >= $2 AND ended_at < $3)  AS "totalReputationProcessesCompleted",
          count(*) FILTER (WHERE started_at >= $2 AND (ended_at IS NULL OR ended_at >= $3)) AS "totalReputationProcessesInProgress",
          count(*) FILTER (WHERE state = 'TERMINATED' AND ended_at >= $2 AND ended_at < $3) AS "totalReputationProcessesTerminated"
     FROM reputation_processes
    WHERE vendor_id = $1 AND started_at < $3`,
  `SELECT count(*) AS "incompleteFeedbackRequests"
     FROM feedback_requests
    WHERE vendor_id = $1 AND created_at >= $2 AND created_at < $3 AND (answered_at IS NULL OR answered_at >= $3)`,
  `WITH open AS (
     SELECT id FROM referral_requests
      WHERE vendor_id = $1 AND created_at >= $2 AND created_at < $3 AND (completed_at IS NULL OR completed_at >= $3)
   ), failed AS (
     SELECT subject_id FROM notification_outbox
      WHERE purpose = 'REFERRAL_REQUEST' AND subject_id IN (SELECT id FROM open)
      GROUP BY subject_id HAVING bool_and(status = 'FAILED')
   )
   SELECT ${['EMAIL', 'TEXT', 'SHARE']
     .map(
       (channel) =>
         `count(*) FILTER (WHERE completed_at >= $2 AND completed_at < $3 AND completed_channel = '${channel}')
            AS "referralRequestsCompletedBy${channel[0]}${channel.slice(1).toLowerCase()}",`,
     )
     .join('\n')}
          count(*) FILTER (WHERE completed_at >= $2 AND completed_at < $3) AS "referralRequestsCompleted",
          (SELECT count(*) FROM open) - (SELECT count(*) FROM failed) AS "totalReferralRequestsPending",
          (SELECT count(*) FROM failed) AS "totalReferralRequestsFailed"
     FROM referral_requests
    WHERE vendor_id = $1 AND created_at < $3`,
];

/** Every KPI of the vendor in the window, counted by scanning. */
export async function scannedKpis(dataSource: DataSource, vendorId: number, window: TimeWindow): Promise<Kpis> {
  const parameters = [vendorId, ...windowBounds(window)];
  const rows = await Promise.all(SCANS.map((sql) => dataSource.query<Record<string, unknown>[]>(sql, parameters)));
  const counts = Object.assign({}, ...rows.map(([row]) => row)) as Record<string, unknown>;
  return Object.fromEntries(KPI_FIELDS.map((field) => [field, Number(counts[field])])) as Kpis;
}
