/** The 28 KPI names in the order the spec lists them. */
export const KPI_FIELDS = [
  'totalReputationProcesses',
  'totalReputationProcessesCompleted',
  'totalReputationProcessesInProgress',
  'totalReputationProcessesTerminated',
  'totalFeedbackRequestsSent',
  'positiveFeedbacks',
  'negativeFeedbacks',
  'completedFeedbackRequests',
  'incompleteFeedbackRequests',
  'feedbackAverageStarRating',
  'totalWouldRefer',
  'totalReviewRequestsSent',
  'yesClicks',
  'noClicks',
  'totalReviewLinkClicks',
  'totalReviewsCompleted',
  'googleReviewLinkClicks',
  'facebookReviewLinkClicks',
  'bbbReviewLinkClicks',
  'otherReviewLinkClicks',
  'totalReferralRequestsSent',
  'totalReferralRequestsPending',
  'totalReferralRequestsFailed',
  'referralRequestsCompleted',
  'referralRequestsCompletedByEmail',
  'referralRequestsCompletedByText',
  'referralRequestsCompletedByShare',
  'totalReferralConversions',
] as const;

export type KpiField = (typeof KPI_FIELDS)[number];

/** Every KPI of docs/contract.md#reputation-kpis by name. */
export type Kpis = Record<KpiField, number>;
