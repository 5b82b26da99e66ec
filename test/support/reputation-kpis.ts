import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { ReputationKpiResponse } from '../../src/reputation-kpi/dto/reputation-kpi.response';
import { KPI_FIELDS } from '../../src/reputation-kpi/kpis';
import { bearer, configureReviewSites, createVendor } from './factories';
import type { TestApp } from './test-app';
import { VENDOR_API } from './api-paths';

export type Kpis = Record<keyof ReputationKpiResponse, number>;
export const ZERO = Object.fromEntries(KPI_FIELDS.map((field) => [field, 0])) as Kpis;
/** The KPIs of a vendor whose only process so far is a new feedback request, or a new review request. */
export const ONE_FEEDBACK_REQUEST: Partial<Kpis> = {
  totalReputationProcesses: 1,
  totalReputationProcessesInProgress: 1,
  totalFeedbackRequestsSent: 1,
  incompleteFeedbackRequests: 1,
};
export const ONE_REVIEW_REQUEST: Partial<Kpis> = {
  totalReputationProcesses: 1,
  totalReputationProcessesInProgress: 1,
  totalReviewRequestsSent: 1,
};
/** What confirming the review of a vendor's only process changes. */
export const CONFIRMING_THE_ONLY_REVIEW: Partial<Kpis> = {
  totalReviewsCompleted: 1,
  totalReputationProcessesCompleted: 1,
  totalReputationProcessesInProgress: 0,
  totalReferralRequestsSent: 1,
  totalReferralRequestsPending: 1,
};
/** ...whose only process is a standalone review request the customer confirmed. */
export const ONE_REVIEW_CONFIRMED: Partial<Kpis> = {
  totalReputationProcesses: 1,
  totalReputationProcessesCompleted: 1,
  totalReviewRequestsSent: 1,
  yesClicks: 1,
  totalReviewsCompleted: 1,
  totalReferralRequestsSent: 1,
  totalReferralRequestsPending: 1,
};

/** A vendor with every feature, and a running expectation of its KPIs checked in full. */
export async function vendorWithKpis(t: TestApp) {
  const { vendor, token } = await createVendor(t.app, { features: [...VENDOR_FEATURES] });
  const settings = await configureReviewSites(t.app, vendor.id, {
    customEmailMessage: 'Hi {firstName}, review us: {link}',
  });
  let expected: Kpis = { ...ZERO };
  const kpis = async (query = ''): Promise<Kpis> => {
    const res = await request(t.http).get(`${VENDOR_API}/reputation-process/kpi${query}`).set(bearer(token));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual([...KPI_FIELDS]);
    return res.body.data as Kpis;
  };
  /** Applies the changes to the expectation, then compares all 28 values. */
  const expectKpis = async (changes: Partial<Kpis> = {}) => {
    expected = { ...expected, ...changes };
    expect(await kpis()).toEqual(expected);
  };
  await expectKpis();
  return { vendor, token, kpis, expectKpis, current: () => expected, locationId: settings.reviewLocations[0].id };
}
