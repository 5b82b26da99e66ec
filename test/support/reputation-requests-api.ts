import request from 'supertest';
import { VENDOR_FEATURES, VendorFeature } from '../../src/auth/vendor-account';
import { bearer, createVendor } from './factories';
import { TestApp, createTestApp } from './test-app';
import { VENDOR_API } from './api-paths';

/**
 * Starts an app for the describe block it is called in and answers the vendor-API calls and checks the
 * review and feedback request tests share. `state.t` holds the app once `beforeAll` has run.
 */
export function useReputationRequestsApi() {
  const state = {} as { t: TestApp };
  beforeAll(async () => {
    state.t = await createTestApp();
  });
  afterAll(() => state.t.close());

  const vendorWith = (features: VendorFeature[] = [...VENDOR_FEATURES]) => createVendor(state.t.app, { features });
  const postReview = (token: string, body: unknown, query = '') =>
    request(state.t.http)
      .post(`${VENDOR_API}/review-requests${query}`)
      .set(bearer(token))
      .send(body as object);
  const postFeedback = (token: string, body: unknown, query = '') =>
    request(state.t.http)
      .post(`${VENDOR_API}/customer-feedback-system${query}`)
      .set(bearer(token))
      .send(body as object);
  const listFeedback = (token: string, query = '') =>
    request(state.t.http).get(`${VENDOR_API}/customer-feedback-system${query}`).set(bearer(token));
  const checkDuplicates = (token: string, query: string) =>
    request(state.t.http).get(`${VENDOR_API}/feedback-requests/check-duplicates${query}`).set(bearer(token));
  const kpi = (token: string, query = '') =>
    request(state.t.http).get(`${VENDOR_API}/reputation-process/kpi${query}`).set(bearer(token));
  const count = async (table: string, vendorId: number): Promise<number> =>
    Number(
      (await state.t.dataSource.query(`SELECT count(*) AS n FROM ${table} WHERE vendor_id = $1`, [vendorId]))[0].n,
    );

  const expect400 = (res: request.Response, field: string, message: RegExp) => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(message), details: expect.any(Array) });
    expect(res.body.details).toContainEqual({ field, message: expect.stringMatching(message) });
  };

  return { state, vendorWith, postReview, postFeedback, listFeedback, checkDuplicates, kpi, count, expect400 };
}
