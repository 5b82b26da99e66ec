import { Vendor } from '../../src/vendors/entities/vendor.entity';
import { CustomerBrowser } from '../support/customer-pages';
import { createFeedbackRequest, createReviewRequest } from '../support/factories';
import { ONE_REVIEW_CONFIRMED, ZERO, vendorWithKpis } from '../support/reputation-kpis';
import { TestApp, createTestApp } from '../support/test-app';

describe('Reputation KPIs: what counts, and when (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const customer = (link: string) => new CustomerBrowser(t.http, link);

  it('counts a delivery that failed for good as a failed referral request, not a pending one', async () => {
    const { vendor, expectKpis } = await vendorWithKpis(t);
    const { link } = await createReviewRequest(t.app, vendor);
    const sam = customer(link);
    await sam.submit('/review', { happy: 'yes' });
    await sam.submit('/review/confirm');
    await expectKpis(ONE_REVIEW_CONFIRMED);
    await endReferralRequestMessages(vendor, 'FAILED');
    await expectKpis({ totalReferralRequestsPending: 0, totalReferralRequestsFailed: 1 });
    // Completed by the customer after all: completed, neither pending nor failed.
    await sam.submit('/referrals/share', { referrerName: 'Sam Tremblay' });
    await expectKpis({
      totalReferralRequestsFailed: 0,
      referralRequestsCompleted: 1,
      referralRequestsCompletedByShare: 1,
    });
  });

  it('does not count a referral request not sent for want of consent (SUPPRESSED) as failed: it is pending', async () => {
    const { vendor, expectKpis } = await vendorWithKpis(t);
    const sam = customer((await createReviewRequest(t.app, vendor)).link);
    await sam.submit('/review', { happy: 'yes' });
    await sam.submit('/review/confirm');
    await endReferralRequestMessages(vendor, 'SUPPRESSED');
    // Pending (1), not failed (0).
    await expectKpis(ONE_REVIEW_CONFIRMED);
  });

  it('counts only events inside from/to (UTC days, both inclusive)', async () => {
    const { vendor, kpis } = await vendorWithKpis(t);
    // Journey 1 happened on 2026-03-10 and was answered on 2026-03-12; journey 2 is today.
    const { link } = await createFeedbackRequest(t.app, vendor);
    await customer(link).submit('/feedback', { rating: '4', wouldRefer: 'no' });
    await backdate(vendor, { started: '2026-03-10T23:59:59.999Z', answered: '2026-03-12T00:00:00Z' });
    await createFeedbackRequest(t.app, vendor);

    const march10 = await kpis('?from=2026-03-10&to=2026-03-10');
    expect(march10).toEqual({
      ...ZERO,
      totalReputationProcesses: 1,
      // Unanswered at the end of the window.
      totalReputationProcessesInProgress: 1,
      totalFeedbackRequestsSent: 1,
      incompleteFeedbackRequests: 1,
    });
    expect(await kpis('?from=2026-03-11T00:00:00Z&to=2026-03-12')).toEqual({
      ...ZERO,
      positiveFeedbacks: 1,
      completedFeedbackRequests: 1,
      feedbackAverageStarRating: 4,
      totalReviewRequestsSent: 1,
    });
    expect(await kpis('?from=2026-03-01&to=2026-03-31')).toEqual({
      ...ZERO,
      totalReputationProcesses: 1,
      totalReputationProcessesInProgress: 1,
      totalFeedbackRequestsSent: 1,
      positiveFeedbacks: 1,
      completedFeedbackRequests: 1,
      feedbackAverageStarRating: 4,
      totalReviewRequestsSent: 1,
    });
    expect(await kpis('?to=2026-03-09')).toEqual(ZERO);
    expect(await kpis('?from=2026-03-13')).toEqual({
      ...ZERO,
      totalReputationProcesses: 1,
      totalReputationProcessesInProgress: 1,
      totalFeedbackRequestsSent: 1,
      incompleteFeedbackRequests: 1,
    });
    expect(await kpis()).toEqual({
      ...ZERO,
      totalReputationProcesses: 2,
      totalReputationProcessesInProgress: 2,
      totalFeedbackRequestsSent: 2,
      positiveFeedbacks: 1,
      completedFeedbackRequests: 1,
      incompleteFeedbackRequests: 1,
      feedbackAverageStarRating: 4,
      totalReviewRequestsSent: 1,
    });
  });

  /** Every message of the vendor's referral requests fails for good (the provider refused it). */
  /** The vendor's referral request messages given up (FAILED), or not sent for want of consent (SUPPRESSED). */
  async function endReferralRequestMessages(vendor: Vendor, status: 'FAILED' | 'SUPPRESSED'): Promise<void> {
    await t.dataSource.query(
      `UPDATE notification_outbox SET status = $2, last_error = 'Not sent' WHERE vendor_id = $1 AND purpose = 'REFERRAL_REQUEST'`,
      [vendor.id, status],
    );
  }

  /** Moves the vendor's only journey so far into the past: started (and events) then, answered later. */
  async function backdate(vendor: Vendor, at: { started: string; answered: string }): Promise<void> {
    await t.dataSource.query(
      `UPDATE reputation_events SET occurred_at = CASE WHEN type = 'FEEDBACK_REQUESTED' THEN $2::timestamptz ELSE $3::timestamptz END
        WHERE vendor_id = $1`,
      [vendor.id, at.started, at.answered],
    );
    await t.dataSource.query('UPDATE reputation_processes SET started_at = $2 WHERE vendor_id = $1', [
      vendor.id,
      at.started,
    ]);
    await t.dataSource.query('UPDATE feedback_requests SET created_at = $2, answered_at = $3 WHERE vendor_id = $1', [
      vendor.id,
      at.started,
      at.answered,
    ]);
    await t.dataSource.query('UPDATE review_requests SET created_at = $2 WHERE vendor_id = $1', [
      vendor.id,
      at.answered,
    ]);
  }
});
