import { ReputationProcessService } from '../../src/reputation/reputation-process.service';
import { CustomerBrowser } from '../support/customer-pages';
import { createFeedbackRequest, createReviewRequest, createVendor } from '../support/factories';
import { useReputationRequestsApi } from '../support/reputation-requests-api';
import type { TestApp } from '../support/test-app';

describe('Feedback requests, duplicates and the KPI: the vendor API (e2e)', () => {
  const { state, vendorWith, postFeedback, listFeedback, checkDuplicates, kpi, count, expect400 } =
    useReputationRequestsApi();
  let t: TestApp;
  beforeAll(() => {
    t = state.t;
  });

  describe('POST and GET /customer-feedback-system', () => {
    it('creates a feedback request: 201 with message and the stored request', async () => {
      const { token } = await vendorWith();
      const res = await postFeedback(token, { customerName: 'Grace Hopper', email: 'Grace@Example.com' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        message: 'The feedback request was created and is being sent to the customer by email.',
        data: {
          id: expect.any(Number),
          processId: expect.any(Number),
          customerName: 'Grace Hopper',
          email: 'grace@example.com',
          phone: null,
          dateCreated: expect.any(String),
          answered: false,
          answeredAt: null,
          rating: null,
          sendAfter: null,
          wouldRefer: null,
          comment: null,
          privateFeedback: null,
          processState: 'IN_PROGRESS',
          processStep: 'FEEDBACK',
          deliveries: expect.any(Array),
        },
      });
    });

    it('takes a 200-character name of one or two long words through the whole journey', async () => {
      const { token } = await vendorWith();
      for (const customerName of ['x'.repeat(200), `${'y'.repeat(99)} ${'z'.repeat(100)}`]) {
        const res = await postFeedback(token, { customerName, email: 'long@example.com' });
        expect(res.status).toBe(201);
        const page = new CustomerBrowser(
          t.http,
          await t.app.get(ReputationProcessService).customerLinkOf(res.body.data.processId),
        );
        await page.submit('/feedback', { rating: '5', wouldRefer: 'yes' });
        expect(await page.view()).toMatch(/<h1>Thank you, [xy]+!<\/h1>/);
      }
    });

    it.each([
      ['no customerName', { email: 'a@example.com' }, 'customerName', /customerName/],
      ['a customerName over 200', { customerName: 'x'.repeat(201), email: 'a@example.com' }, 'customerName', /shorter/],
      ['no contact', { customerName: 'A' }, 'email or phone', /provide email or phone/],
      ['a bad phone', { customerName: 'A', phone: '555-0100' }, 'phone', /North American/],
      ['a bad email', { customerName: 'A', email: 'a@' }, 'email', /email must be an email/],
    ])('refuses %s with a 400 naming the field', async (_case, body, field, message) => {
      const { token } = await vendorWith();
      expect400(await postFeedback(token, body), field, message);
    });

    it('skipDuplicates=true looks among the feedback requests', async () => {
      const { vendor, token } = await vendorWith();
      await createReviewRequest(t.app, vendor, { emailTo: 'rev@example.com' });
      expect(
        (await postFeedback(token, { customerName: 'R', email: 'rev@example.com' }, '?skipDuplicates=true')).status,
      ).toBe(201);
      const skipped = await postFeedback(
        token,
        { customerName: 'R', email: 'REV@example.com' },
        '?skipDuplicates=true',
      );
      expect(skipped.status).toBe(200);
      expect(skipped.body.message).toMatch(/^A duplicate feedback request was detected and skipped/);
      expect(await count('feedback_requests', vendor.id)).toBe(1);
    });

    it("lists the vendor's feedback requests newest first, as a lead-style Page", async () => {
      const { vendor, token } = await vendorWith();
      const names = ['First', 'Second', 'Third'];
      for (const customerName of names) await createFeedbackRequest(t.app, vendor, { customerName });
      const { link } = await createFeedbackRequest(t.app, vendor, { customerName: 'Fourth Answered' });
      await new CustomerBrowser(t.http, link).submit('/feedback', { rating: '4', wouldRefer: 'yes', comment: 'Good' });

      const first = await listFeedback(token, '?page=0&size=3');
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual({
        content: [expect.any(Object), expect.any(Object), expect.any(Object)],
        page: 0,
        size: 3,
        totalElements: 4,
        totalPages: 2,
        last: false,
      });
      expect(first.body.data.content.map((r: { customerName: string }) => r.customerName)).toEqual([
        'Fourth Answered',
        'Third',
        'Second',
      ]);
      expect(first.body.data.content[0]).toMatchObject({
        answered: true,
        answeredAt: expect.any(String),
        rating: 4,
        wouldRefer: true,
        comment: 'Good',
        processState: 'IN_PROGRESS',
        processStep: 'REVIEW_LINKS',
      });
      expect(first.body.data.content[1]).toMatchObject({ answered: false, rating: null, processStep: 'FEEDBACK' });

      const second = await listFeedback(token, '?page=1&size=3');
      expect(second.body.data).toMatchObject({ page: 1, size: 3, totalElements: 4, totalPages: 2, last: true });
      expect(second.body.data.content.map((r: { customerName: string }) => r.customerName)).toEqual(['First']);
      const past = await listFeedback(token, '?page=9');
      expect(past.body.data).toEqual({ content: [], page: 9, size: 10, totalElements: 4, totalPages: 1, last: true });
      expect((await listFeedback(token)).body.data).toMatchObject({ page: 0, size: 10, totalElements: 4 });
    });

    it.each([
      ['?size=0', 'size'],
      ['?size=101', 'size'],
      ['?page=-1', 'page'],
      ['?page=abc', 'page'],
      ['?size=1.5', 'size'],
      ['?page=2147483648', 'page'],
    ])('refuses the list query %s with 400', async (query, field) => {
      const { token } = await vendorWith();
      const res = await listFeedback(token, query);
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    });
  });

  describe('GET /feedback-requests/check-duplicates', () => {
    it('finds a feedback request by email (any case) or normalized phone, and nothing else', async () => {
      const { vendor, token } = await createVendor(t.app); // no feature needed
      await createFeedbackRequest(t.app, vendor, { email: 'dup@example.com', phone: '416-555-0160' });
      await createReviewRequest(t.app, vendor, { emailTo: 'review-only@example.com' });
      const cases: [string, boolean][] = [
        ['?email=DUP@Example.com', true],
        ['?email=%20dup%40example.com%20', true],
        ['?phone=%2B1%20416%20555%200160', true],
        ['?phone=4165550160', true],
        ['?email=nobody@example.com&phone=4165550160', true],
        ['?email=nobody@example.com', false],
        ['?phone=905-555-0160', false],
        ['?email=review-only@example.com', false],
      ];
      for (const [query, expected] of cases) {
        const res = await checkDuplicates(token, query);
        expect({ query, status: res.status, body: res.body }).toEqual({
          query,
          status: 200,
          body: { success: true, data: expected },
        });
      }
    });

    it.each([
      ['', 'email or phone', /provide email or phone/],
      ['?phone=123', 'phone', /North American/],
      ['?email=nope', 'email', /email must be an email/],
      ['?email=a@example.com&other=1', 'other', /should not exist/],
    ])('refuses "%s" with 400', async (query, field, message) => {
      const { token } = await vendorWith();
      expect400(await checkDuplicates(token, query), field, message);
    });
  });

  describe('GET /reputation-process/kpi', () => {
    it.each([
      ['?from=2026-02-30', 'from', /from is not a real date or time/],
      ['?to=2026-13-01', 'to', /to is not a real date or time/],
      ['?from=yesterday', 'from', /from must be an ISO 8601 date/],
      ['?from=2026-3-1', 'from', /ISO 8601/],
      ['?from=2026-03-02&to=2026-03-01', 'from', /from must not be after to/],
      ['?from=2026-03-02T10:00:00Z&to=2026-03-02T09:59:59Z', 'from', /from must not be after to/],
    ])('refuses %s with 400', async (query, field, message) => {
      const { token } = await vendorWith();
      expect400(await kpi(token, query), field, message);
    });

    it('answers all 28 fields, all 0 for a new vendor, with or without a window', async () => {
      const { token } = await vendorWith(['enableFullRMS']);
      for (const query of ['', '?from=2026-01-01', '?to=2026-01-01', '?from=2026-01-01&to=2026-01-01']) {
        const res = await kpi(token, query);
        expect(res.status).toBe(200);
        expect(Object.values(res.body.data)).toEqual(Array(28).fill(0));
      }
    });
  });
});
