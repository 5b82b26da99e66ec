import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { CustomerBrowser } from '../support/customer-pages';
import { bearer, createFeedbackRequest, createReviewRequest, createVendor } from '../support/factories';
import { useReputationRequestsApi } from '../support/reputation-requests-api';
import type { TestApp } from '../support/test-app';

describe('Review and feedback requests: feature gates and vendor isolation (e2e)', () => {
  const { state, vendorWith, postReview, postFeedback, listFeedback, checkDuplicates, kpi, count } =
    useReputationRequestsApi();
  let t: TestApp;
  beforeAll(() => {
    t = state.t;
  });

  describe('feature gates', () => {
    it.each([
      [
        'POST /review-requests',
        'enableStandaloneReviewBooster',
        (token: string) => postReview(token, { firstName: 'A', emailTo: 'a@example.com' }),
      ],
      [
        'POST /customer-feedback-system',
        'enableStandaloneFeedbackBooster',
        (token: string) => postFeedback(token, { customerName: 'A', email: 'a@example.com' }),
      ],
      ['GET /customer-feedback-system', 'enableStandaloneFeedbackBooster', (token: string) => listFeedback(token)],
      ['GET /reputation-process/kpi', 'enableFullRMS', (token: string) => kpi(token)],
    ] as const)('%s is 403 without %s and admitted with only that flag', async (_route, feature, call) => {
      const others = VENDOR_FEATURES.filter((f) => f !== feature);
      const without = await vendorWith(others);
      const refused = await call(without.token);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ success: false, error: `The ${feature} feature is not enabled for this vendor.` });
      expect(await count('reputation_processes', without.vendor.id)).toBe(0);
      const only = await vendorWith([feature]);
      expect([200, 201]).toContain((await call(only.token)).status);
    });

    it('check-duplicates and cancel need no feature', async () => {
      const { vendor, token } = await createVendor(t.app);
      expect((await checkDuplicates(token, '?email=a@example.com')).status).toBe(200);
      const { request: created } = await createFeedbackRequest(t.app, vendor);
      const cancelled = await request(t.http)
        .post(`/rest-api-v1/reputation-process/${created.processId}/cancel`)
        .set(bearer(token));
      expect(cancelled.status).toBe(200);
    });
  });

  describe('vendor isolation', () => {
    it("never shows, counts, matches or cancels another vendor's requests", async () => {
      const a = await vendorWith();
      const b = await vendorWith();
      const { request: feedback, link } = await createFeedbackRequest(t.app, a.vendor, {
        customerName: 'Only A',
        email: 'shared@example.com',
        phone: '416-555-0170',
      });
      await createReviewRequest(t.app, a.vendor, { emailTo: 'shared@example.com' });
      await new CustomerBrowser(t.http, link).submit('/feedback', { rating: '5', wouldRefer: 'yes' });

      // List: B sees none of A's.
      expect((await listFeedback(b.token)).body.data).toEqual({
        content: [],
        page: 0,
        size: 10,
        totalElements: 0,
        totalPages: 0,
        last: true,
      });
      // Duplicates: A's contacts are not duplicates for B, on either create or the check.
      expect((await checkDuplicates(b.token, '?email=shared@example.com&phone=4165550170')).body.data).toBe(false);
      expect((await checkDuplicates(a.token, '?email=shared@example.com')).body.data).toBe(true);
      expect(
        (await postReview(b.token, { firstName: 'B', emailTo: 'shared@example.com' }, '?skipDuplicates=true')).status,
      ).toBe(201);
      expect(
        (await postFeedback(b.token, { customerName: 'B', phone: '4165550170' }, '?skipDuplicates=true')).status,
      ).toBe(201);
      // KPIs: B counts only its own two.
      const bKpis = (await kpi(b.token)).body.data;
      expect(bKpis).toMatchObject({ totalReputationProcesses: 2, totalFeedbackRequestsSent: 1, positiveFeedbacks: 0 });
      expect((await kpi(a.token)).body.data).toMatchObject({ totalReputationProcesses: 2, positiveFeedbacks: 1 });
      // Cancel: A's process is a 404 for B, and stays in progress.
      const cancel = await request(t.http)
        .post(`/rest-api-v1/reputation-process/${feedback.processId}/cancel`)
        .set(bearer(b.token));
      expect(cancel.status).toBe(404);
      expect(cancel.body).toEqual({ success: false, error: `Reputation process ${feedback.processId} was not found.` });
      expect((await kpi(a.token)).body.data.totalReputationProcessesInProgress).toBe(2);
    });

    it('refuses an invalid process id with 400 and an unknown one with 404', async () => {
      const { token } = await vendorWith();
      const cancel = (id: string) =>
        request(t.http).post(`/rest-api-v1/reputation-process/${id}/cancel`).set(bearer(token));
      for (const id of ['abc', '0', '-3', '1.5']) expect((await cancel(id)).status).toBe(400);
      expect((await cancel('9007199254740991')).status).toBe(404);
    });
  });
});
