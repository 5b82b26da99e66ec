import request from 'supertest';
import { JobWonReviewRequests } from '../../src/automation/job-won-review-requests';
import { automate, outboxSettled } from '../support/automation';
import { T0, V, daysAfter, monthsAfter, useConsentLedger } from '../support/consent-ledger';
import { CustomerBrowser } from '../support/customer-pages';
import { createLead } from '../support/factories';
import { waitUntil } from '../support/net';
import type { TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/**
 * docs/contract.md#consent (CASL s. 6; SOR/2013-221 s. 4): the messages no vendor's call sends, checked
 * when they leave: a won lead's automatic review request, and a referral's invitations to a friend.
 */
describe('Consent ledger: automatic messages and the referral exemption (e2e)', () => {
  const { state, vendor, email, reviewRequest, ledgerOf, moveClock } = useConsentLedger('consent_automatic');
  let t: TestApp;
  beforeAll(() => {
    ({ t } = state);
  });

  const outbox = (vendorId: number, purpose: string) =>
    t.dataSource.query<{ recipient: string; status: string; code: string | null; basis: string | null }[]>(
      `SELECT recipient, status, last_error_code AS "code", consent_basis AS "basis" FROM notification_outbox
        WHERE vendor_id = $1 AND purpose = $2 ORDER BY id`,
      [vendorId, purpose],
    );
  const eventsOf = (vendorId: number, type: string) =>
    t.dataSource.query<{ data: Record<string, unknown> }[]>(
      `SELECT data FROM events WHERE vendor_id = $1 AND type = $2 ORDER BY id`,
      [vendorId, type],
    );

  describe("a won lead's automatic review request leaves under the purchase (2 years) or not at all", () => {
    it.each([
      ['the day before the purchase ends: sent under it', -1, 'SENT'],
      ['the day after: SUPPRESSED, message.suppressed, not message.failed', 1, 'SUPPRESSED'],
    ])('%s', async (_, day, status) => {
      const { vendor: v, auth } = await vendor();
      await automate(t.app, v.id, { autoReviewRequestOnJobWon: true, autoReviewRequestDelayMinutes: 60 });
      const contact = email();
      const lead = await createLead(t.app, v.id, { customerEmail: contact, customerPhone: null as unknown as string });
      await request(t.http).post(`${V}/general-leads/${lead.id}/accept`).set(auth).expect(200);
      await request(t.http)
        .patch(`${V}/general-leads/${lead.id}/post-lead-status`)
        .set(auth)
        .send({ postLeadStatus: 'JOB_WON' })
        .expect(200);
      const [purchase] = await ledgerOf(auth, contact);
      expect(purchase).toMatchObject({ kind: 'PURCHASE', source: 'lead_won', endsAt: monthsAfter(T0, 24) });
      // The pass that creates it runs only then (its delay long past): the message is checked as it leaves.
      moveClock(daysAfter(monthsAfter(T0, 24), day));
      expect(await t.app.get(JobWonReviewRequests).createDue()).toBe(1);
      await waitUntil(() => outboxSettled(t.app, v.id));
      const [message] = await outbox(v.id, 'REVIEW_REQUEST');
      if (status === 'SENT') {
        expect(message).toEqual({ recipient: contact, status, code: null, basis: `PURCHASE#${purchase.id}` });
        expect(await eventsOf(v.id, 'message.suppressed')).toEqual([]);
        return;
      }
      expect(message).toEqual({ recipient: contact, status, code: 'NO_CONSENT', basis: null });
      const reason = `Not sent: no consent in force when it was to leave (its PURCHASE basis ended on ${monthsAfter(T0, 24)}).`;
      expect(await eventsOf(v.id, 'message.suppressed')).toEqual([
        { data: expect.objectContaining({ purpose: 'REVIEW_REQUEST', reason }) as unknown },
      ]);
      expect(await eventsOf(v.id, 'message.failed')).toEqual([]);
    });
  });

  it("a referral's first invitation is exempt and sent without a basis; the next one to that friend needs one", async () => {
    const { vendor: v, auth } = await vendor();
    const friend = email();
    /** A customer of the vendor at the referral step (review confirmed) invites `friend` by e-mail. */
    const invite = async (referrerName: string) => {
      const created = await reviewRequest(auth, { emailTo: email() }).expect(201);
      const [{ token }] = await t.dataSource.query<{ token: string }[]>(
        'SELECT token FROM reputation_processes WHERE id = $1',
        [created.body.data.processId],
      );
      const page = new CustomerBrowser(t.http, `/r/${token}`);
      await page.submit('/review', { happy: 'yes' });
      await page.submit('/review/confirm');
      await page.submit('/referrals/email', { referrerName, email: friend });
      await waitUntil(() => outboxSettled(t.app, v.id));
    };

    await invite('Sam');
    expect(await outbox(v.id, 'REFERRAL_INVITATION')).toEqual([
      { recipient: friend, status: 'SENT', code: null, basis: 'EXEMPT:REFERRAL_FIRST_MESSAGE' },
    ]);
    // Sent without a basis: the friend has none with the vendor.
    expect(await ledgerOf(auth, friend)).toEqual([]);

    // A month later another customer may invite the same friend: no longer a first message, and no basis.
    await t.dataSource.query(
      "UPDATE referrals SET created_at = created_at - interval '30 days 1 minute' WHERE vendor_id = $1",
      [v.id],
    );
    await invite('Kim');
    expect((await outbox(v.id, 'REFERRAL_INVITATION')).map(({ status, code }) => ({ status, code }))).toEqual([
      { status: 'SENT', code: null },
      { status: 'SUPPRESSED', code: 'NO_CONSENT' },
    ]);
    expect(await eventsOf(v.id, 'message.suppressed')).toEqual([
      {
        data: expect.objectContaining({
          purpose: 'REFERRAL_INVITATION',
          reason:
            'Not sent: no consent in force when it was to leave (no basis of consent is recorded for this contact).',
        }) as unknown,
      },
    ]);
  });
});
