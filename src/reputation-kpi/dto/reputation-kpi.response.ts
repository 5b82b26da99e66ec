import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import type { Kpis } from '../kpis';

/** The vendor's reputation KPIs: counts of events inside the window (all time without one). */
export class ReputationKpiResponse implements Kpis {
  /** Processes started in the window. @example 0 */
  @ApiInteger({ min: 0 })
  totalReputationProcesses: number;

  /** Processes completed in the window: a confirmed review, or a negative answer (a rating of 3 or less, or "not happy"). @example 0 */
  @ApiInteger({ min: 0 })
  totalReputationProcessesCompleted: number;

  /** Processes started in the window and neither completed nor terminated by its end. @example 0 */
  @ApiInteger({ min: 0 })
  totalReputationProcessesInProgress: number;

  /** Processes terminated in the window: the customer opted out, or the vendor cancelled. @example 0 */
  @ApiInteger({ min: 0 })
  totalReputationProcessesTerminated: number;

  /** Feedback requests created in the window. @example 0 */
  @ApiInteger({ min: 0 })
  totalFeedbackRequestsSent: number;

  /** Feedback answers in the window rated 4 or 5. @example 0 */
  @ApiInteger({ min: 0 })
  positiveFeedbacks: number;

  /** Feedback answers in the window rated 1 to 3. @example 0 */
  @ApiInteger({ min: 0 })
  negativeFeedbacks: number;

  /** Feedback requests answered in the window. @example 0 */
  @ApiInteger({ min: 0 })
  completedFeedbackRequests: number;

  /** Feedback requests created in the window and not answered by its end. @example 0 */
  @ApiInteger({ min: 0 })
  incompleteFeedbackRequests: number;

  /** Mean rating of the answers in the window, two decimals; 0 when there are none. @example 4.5 */
  feedbackAverageStarRating: number;

  /** Feedback answers in the window saying the customer would refer the vendor. @example 0 */
  @ApiInteger({ min: 0 })
  totalWouldRefer: number;

  /** Review requests in the window: standalone ones, and the review step a positive feedback answer leads to. @example 0 */
  @ApiInteger({ min: 0 })
  totalReviewRequestsSent: number;

  /** "Happy with us?" answered yes in the window. @example 0 */
  @ApiInteger({ min: 0 })
  yesClicks: number;

  /** "Happy with us?" answered no in the window. @example 0 */
  @ApiInteger({ min: 0 })
  noClicks: number;

  /** Review-link clicks in the window, every platform. @example 0 */
  @ApiInteger({ min: 0 })
  totalReviewLinkClicks: number;

  /** Customers confirming in the window that they posted their review. @example 0 */
  @ApiInteger({ min: 0 })
  totalReviewsCompleted: number;

  /** Clicks on a Google review link (any location) in the window. @example 0 */
  @ApiInteger({ min: 0 })
  googleReviewLinkClicks: number;

  /** Clicks on the Facebook review link in the window. @example 0 */
  @ApiInteger({ min: 0 })
  facebookReviewLinkClicks: number;

  /** Clicks on the BBB review link in the window. @example 0 */
  @ApiInteger({ min: 0 })
  bbbReviewLinkClicks: number;

  /** Clicks on the other review site's link in the window. @example 0 */
  @ApiInteger({ min: 0 })
  otherReviewLinkClicks: number;

  /** Referral requests in the window (one per confirmed review). @example 0 */
  @ApiInteger({ min: 0 })
  totalReferralRequestsSent: number;

  /** Referral requests of the window not completed by its end, and not failed. @example 0 */
  @ApiInteger({ min: 0 })
  totalReferralRequestsPending: number;

  /** Referral requests of the window not completed by its end whose every message failed to deliver. @example 0 */
  @ApiInteger({ min: 0 })
  totalReferralRequestsFailed: number;

  /** Referral requests completed in the window (by the customer's first referral). @example 0 */
  @ApiInteger({ min: 0 })
  referralRequestsCompleted: number;

  /** Of those, completed by inviting a friend by email. @example 0 */
  @ApiInteger({ min: 0 })
  referralRequestsCompletedByEmail: number;

  /** Of those, completed by inviting a friend by text message. @example 0 */
  @ApiInteger({ min: 0 })
  referralRequestsCompletedByText: number;

  /** Of those, completed by taking a share link. @example 0 */
  @ApiInteger({ min: 0 })
  referralRequestsCompletedByShare: number;

  /** Referred friends' contact requests in the window. @example 0 */
  @ApiInteger({ min: 0 })
  totalReferralConversions: number;

  static from(kpis: Kpis): ReputationKpiResponse {
    return { ...kpis };
  }
}
