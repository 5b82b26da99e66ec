import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { AutomationTestBed, automate, minutesAfter, stopClock } from './automation';
import { bearer, configureReviewSites, createAdmin, createVendor } from './factories';
import type { TestApp } from './test-app';

export const T0 = '2026-06-10T14:00:00.000Z';
const DAY_MINUTES = 24 * 60;
export const V = '/rest-api-v1';
export const M = '/rest-manager-api-v1';

/** `iso` moved by whole calendar months (UTC), as the ledger counts a basis's term. */
export const monthsAfter = (iso: string, months: number): string => {
  const at = new Date(iso);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString();
};
export const daysAfter = (iso: string, days: number): string => minutesAfter(iso, days * DAY_MINUTES);

/**
 * Starts, for the describe block it is called in, the app on a database of its own (named after
 * `suffix`) with its clock stopped at T0 before each test, and answers the helpers the consent
 * tests share. `state` holds the app, the manager's token and the clock once the hooks have run.
 */
export function useConsentLedger(suffix: string) {
  const bed = new AutomationTestBed(`${process.env.E2E_DATABASE_NAME}_${suffix}`);
  const state = {} as { t: TestApp; manager: Record<string, string>; moveClock: (iso: string) => void };

  beforeAll(async () => {
    await bed.start();
    state.t = await bed.boot();
    state.manager = bearer((await createAdmin(state.t.app)).token);
  });
  afterAll(async () => {
    await state.t.close();
    await bed.stop();
  });
  beforeEach(() => {
    state.moveClock = stopClock(state.t.app, T0);
  });

  const vendor = async () => {
    const created = await createVendor(state.t.app, { features: [...VENDOR_FEATURES] });
    await automate(state.t.app, created.vendor.id);
    await configureReviewSites(state.t.app, created.vendor.id);
    return { ...created, auth: bearer(created.token) };
  };
  let seq = 0;
  const email = () => `consent-${++seq}-${Date.now()}@customer.example`;
  const reviewRequest = (auth: Record<string, string>, body: Record<string, unknown>) =>
    request(state.t.http)
      .post(`${V}/review-requests`)
      .set(auth)
      .send({ firstName: 'Sam', ...body });
  const ledgerOf = async (auth: Record<string, string>, contact: string) =>
    (await request(state.t.http).get(`${V}/consents`).query({ email: contact }).set(auth).expect(200)).body.data as {
      id: number;
      kind: string;
      source: string;
      evidence: Record<string, unknown>;
      startsAt: string;
      endsAt: string | null;
      withdrawalId: number | null;
      vendorId: number | null;
      contact: string | null;
    }[];
  const moveClock = (iso: string) => state.moveClock(iso);

  return { state, vendor, email, reviewRequest, ledgerOf, moveClock };
}
