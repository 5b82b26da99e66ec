import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { VENDOR_API } from '../support/api-paths';
import { stopClock } from '../support/automation';
import { bearer, createFeedbackRequest, createVendor } from '../support/factories';
import { useReputationRequestsApi } from '../support/reputation-requests-api';
import type { TestApp } from '../support/test-app';

describe('Review requests: the vendor API (e2e)', () => {
  const { state, vendorWith, postReview, count, expect400 } = useReputationRequestsApi();
  let t: TestApp;
  beforeAll(() => {
    t = state.t;
  });

  describe('POST /review-requests', () => {
    it('creates the request, its process and its event in one go: 201 with message and the stored request', async () => {
      const { vendor, token } = await vendorWith();
      const res = await postReview(token, {
        firstName: '  Jane ',
        lastName: 'Doe',
        // Not the document's example e-mail and phone: the fuzzing test sends those to the erasure route.
        emailTo: ' Jane.Roe@Example.NET ',
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
          emailTo: 'jane.roe@example.net',
          phone: '416-555-0143',
          dateCreated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          processState: 'IN_PROGRESS',
          deliveries: expect.any(Array),
          sendAfter: null,
        },
      });
      expect(await count('review_requests', vendor.id)).toBe(1);
      expect(await count('reputation_processes', vendor.id)).toBe(1);
      const events = await t.dataSource.query('SELECT type FROM reputation_events WHERE vendor_id = $1', [vendor.id]);
      expect(events).toEqual([{ type: 'REVIEW_REQUESTED' }]);
    });

    it('holds the text of a request created in quiet hours until they end, and says when; the e-mail leaves at once', async () => {
      const { token, vendor } = await createVendor(t.app, {
        features: [...VENDOR_FEATURES],
        keepDefaultQuietHours: true,
      });
      // 06:51 in Toronto (EST, UTC-5) on the injected clock: the default quiet hours end at 09:00.
      stopClock(t.app, '2026-12-08T11:51:00.000Z');
      const contact = { emailTo: 'night.owl@example.net', phone: '416-555-0177' };
      const review = await postReview(token, { firstName: 'Luc', ...contact });
      expect(review.status).toBe(201);
      expect(review.body.data.sendAfter).toBe('2026-12-08T14:00:00.000Z');
      const feedback = await request(t.http)
        .post(`${VENDOR_API}/customer-feedback-system`)
        .set(bearer(token))
        .send({ customerName: 'Luc Côté', email: contact.emailTo, phone: contact.phone });
      expect(feedback.status).toBe(201);
      expect(feedback.body.data.sendAfter).toBe('2026-12-08T14:00:00.000Z');
      const held: { channel: string; sendAfter: Date | null; heldFor: number }[] = await t.dataSource.query(
        `SELECT channel, send_after AS "sendAfter", EXTRACT(EPOCH FROM next_attempt_at - created_at)::int AS "heldFor"
           FROM notification_outbox WHERE vendor_id = $1 ORDER BY purpose, channel`,
        [vendor.id],
      );
      // The texts are due at 09:00 (2 h 09 min after they were queued); the e-mails at once (a worker may have
      // claimed them since, which pushes their next attempt a lease ahead).
      const twoHoursNine = (2 * 60 + 9) * 60;
      expect(held.map(({ channel, sendAfter }) => [channel, sendAfter?.toISOString() ?? null])).toEqual([
        ['EMAIL', null],
        ['SMS', '2026-12-08T14:00:00.000Z'],
        ['EMAIL', null],
        ['SMS', '2026-12-08T14:00:00.000Z'],
      ]);
      for (const { channel, heldFor } of held) {
        if (channel === 'SMS') expect(heldFor).toBe(twoHoursNine);
        else expect(heldFor).toBeLessThan(twoHoursNine);
      }
      // From 09:00 a request's text leaves at once.
      stopClock(t.app, '2026-12-08T14:00:00.000Z');
      const morning = await postReview(token, { firstName: 'Luc', phone: '416-555-0178' });
      expect(morning.body.data.sendAfter).toBeNull();
      jest.restoreAllMocks();
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
});
