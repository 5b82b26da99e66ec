import request from 'supertest';
import { ReputationProcessService } from '../src/reputation/reputation-process.service';
import { VENDOR_FEATURES, VendorFeature } from '../src/auth/vendor-account';
import { CustomerBrowser } from './support/customer-pages';
import { bearer, createFeedbackRequest, createReviewRequest, createVendor } from './support/factories';
import { TestApp, createTestApp } from './support/test-app';

/** The vendor API of reputation: validation, feature gates, duplicates, the list, vendor isolation. */
describe('Review and feedback requests (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const vendorWith = (features: VendorFeature[] = [...VENDOR_FEATURES]) => createVendor(t.app, { features });
  const postReview = (token: string, body: unknown, query = '') =>
    request(t.http)
      .post(`/rest-api-v1/review-requests${query}`)
      .set(bearer(token))
      .send(body as object);
  const postFeedback = (token: string, body: unknown, query = '') =>
    request(t.http)
      .post(`/rest-api-v1/customer-feedback-system${query}`)
      .set(bearer(token))
      .send(body as object);
  const listFeedback = (token: string, query = '') =>
    request(t.http).get(`/rest-api-v1/customer-feedback-system${query}`).set(bearer(token));
  const checkDuplicates = (token: string, query: string) =>
    request(t.http).get(`/rest-api-v1/feedback-requests/check-duplicates${query}`).set(bearer(token));
  const kpi = (token: string, query = '') =>
    request(t.http).get(`/rest-api-v1/reputation-process/kpi${query}`).set(bearer(token));
  const count = async (table: string, vendorId: number): Promise<number> =>
    Number((await t.dataSource.query(`SELECT count(*) AS n FROM ${table} WHERE vendor_id = $1`, [vendorId]))[0].n);

  const expect400 = (res: request.Response, field: string, message: RegExp) => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(message), details: expect.any(Array) });
    expect(res.body.details).toContainEqual({ field, message: expect.stringMatching(message) });
  };

  describe('POST /review-requests', () => {
    it('creates the request, its process and its event in one go: 201 with message and the stored request', async () => {
      const { vendor, token } = await vendorWith();
      const res = await postReview(token, {
        firstName: '  Jane ',
        lastName: 'Doe',
        emailTo: ' Jane.Doe@Example.COM ',
        // Not the document's example phone: the fuzzing test sends that example to the erasure route.
        phone: '+1 (416) 555-0143',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        message: 'The review request was created and is being sent to the customer by email and text message.',
        data: {
          id: expect.any(Number),
          processId: expect.any(Number),
          firstName: 'Jane',
          lastName: 'Doe',
          emailTo: 'jane.doe@example.com',
          phone: '416-555-0143',
          dateCreated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          processState: 'IN_PROGRESS',
          deliveries: expect.any(Array),
        },
      });
      expect(await count('review_requests', vendor.id)).toBe(1);
      expect(await count('reputation_processes', vendor.id)).toBe(1);
      const events = await t.dataSource.query('SELECT type FROM reputation_events WHERE vendor_id = $1', [vendor.id]);
      expect(events).toEqual([{ type: 'REVIEW_REQUESTED' }]);
    });

    it('accepts either contact alone and leaves lastName out when not given', async () => {
      const { token } = await vendorWith();
      const byPhone = await postReview(token, { firstName: 'Al', phone: '14165550143' });
      expect(byPhone.status).toBe(201);
      expect(byPhone.body.data).toMatchObject({ lastName: null, emailTo: null, phone: '416-555-0143' });
      expect(byPhone.body.message).toMatch(/by text message\.$/);
      const byEmail = await postReview(token, { firstName: 'Al', emailTo: 'al@example.com' });
      expect(byEmail.body.data).toMatchObject({ emailTo: 'al@example.com', phone: null });
      expect(byEmail.body.message).toMatch(/by email\.$/);
    });

    it.each([
      ['no contact at all', { firstName: 'A' }, 'emailTo or phone', /provide emailTo or phone/],
      [
        'no firstName',
        { emailTo: 'a@example.com' },
        'firstName',
        /firstName should not be empty|firstName must be a string/,
      ],
      [
        'a blank firstName',
        { firstName: '   ', emailTo: 'a@example.com' },
        'firstName',
        /firstName should not be empty/,
      ],
      [
        'a firstName over 100',
        { firstName: 'x'.repeat(101), emailTo: 'a@example.com' },
        'firstName',
        /firstName must be shorter/,
      ],
      [
        'a lastName over 100',
        { firstName: 'A', lastName: 'x'.repeat(101), emailTo: 'a@example.com' },
        'lastName',
        /lastName must be shorter/,
      ],
      ['an invalid email', { firstName: 'A', emailTo: 'not-an-email' }, 'emailTo', /emailTo must be an email/],
      [
        'a 9-digit phone',
        { firstName: 'A', phone: '416555014' },
        'phone',
        /phone must be a North American phone number/,
      ],
      ['an 11-digit phone not starting with 1', { firstName: 'A', phone: '24165550142' }, 'phone', /North American/],
      ['a phone with letters', { firstName: 'A', phone: '416-555-CALL' }, 'phone', /North American/],
      ['a numeric phone', { firstName: 'A', phone: 4165550142 }, 'phone', /North American/],
      ['a null lastName', { firstName: 'A', lastName: null, emailTo: 'a@example.com' }, 'lastName', /lastName/],
      ['a null phone', { firstName: 'A', emailTo: 'a@example.com', phone: null }, 'phone', /phone/],
      [
        'an unknown property',
        { firstName: 'A', emailTo: 'a@example.com', vendorId: 1 },
        'vendorId',
        /should not exist/,
      ],
    ])('refuses %s with a 400 naming the field', async (_case, body, field, message) => {
      const { vendor, token } = await vendorWith();
      expect400(await postReview(token, body), field, message);
      expect(await count('reputation_processes', vendor.id)).toBe(0);
    });

    it('refuses a skipDuplicates that is not a boolean', async () => {
      const { token } = await vendorWith();
      expect400(
        await postReview(token, { firstName: 'A', emailTo: 'a@example.com' }, '?skipDuplicates=yes'),
        'skipDuplicates',
        /skipDuplicates must be a boolean/,
      );
    });

    it('skipDuplicates=true skips a request with the same email (any case) or phone: 200, message, nothing sent', async () => {
      const { vendor, token } = await vendorWith();
      expect(
        (await postReview(token, { firstName: 'Kim', emailTo: 'kim@example.com', phone: '416-555-0150' })).status,
      ).toBe(201);
      const duplicates = [
        { firstName: 'Kim', emailTo: '  KIM@Example.com ' },
        { firstName: 'Kim', phone: '(416) 555 0150' },
        { firstName: 'Kimberly', emailTo: 'other@example.com', phone: '1-416-555-0150' },
      ];
      for (const body of duplicates) {
        const res = await postReview(token, body, '?skipDuplicates=true');
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          success: true,
          message:
            'A duplicate review request was detected and skipped: one with the same email or phone already exists. Nothing was sent.',
        });
      }
      expect(await count('review_requests', vendor.id)).toBe(1);
      expect(await count('reputation_events', vendor.id)).toBe(1);

      // Not a duplicate, and without the option a duplicate is created as asked.
      expect(
        (await postReview(token, { firstName: 'Lee', emailTo: 'lee@example.com' }, '?skipDuplicates=true')).status,
      ).toBe(201);
      expect(
        (await postReview(token, { firstName: 'Kim', emailTo: 'kim@example.com' }, '?skipDuplicates=false')).status,
      ).toBe(201);
      expect((await postReview(token, { firstName: 'Kim', emailTo: 'kim@example.com' })).status).toBe(201);
      expect(await count('review_requests', vendor.id)).toBe(4);
    });

    it('skipDuplicates=true holds under concurrent identical requests: exactly one is created', async () => {
      const { vendor, token } = await vendorWith();
      const body = { firstName: 'Rush', emailTo: 'rush@example.com' };
      const replies = await Promise.all(
        Array.from({ length: 6 }, () => postReview(token, body, '?skipDuplicates=true')),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(await count('review_requests', vendor.id)).toBe(1);
    });

    it('does not look at feedback requests for duplicates', async () => {
      const { vendor, token } = await vendorWith();
      await createFeedbackRequest(t.app, vendor, { email: 'both@example.com' });
      const res = await postReview(token, { firstName: 'Both', emailTo: 'both@example.com' }, '?skipDuplicates=true');
      expect(res.status).toBe(201);
    });
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
