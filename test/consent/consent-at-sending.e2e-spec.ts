import request from 'supertest';
import { ReminderPass } from '../../src/automation/reminder-pass';
import { MetricsRegistry } from '../../src/common/metrics/metrics-registry';
import { ConsentsRepository } from '../../src/consent/consents.repository';
import { outboxSettled } from '../support/automation';
import { T0, V, daysAfter, monthsAfter, useConsentLedger } from '../support/consent-ledger';
import { createLead } from '../support/factories';
import { waitUntil } from '../support/net';
import type { TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/** docs/contract.md#consent (CASL ss. 6, 10, 13): the check at sending. */
describe('Consent ledger (e2e)', () => {
  const { state, vendor, email, reviewRequest, ledgerOf, moveClock } = useConsentLedger('consent_sending');
  let t: TestApp;
  beforeAll(() => {
    ({ t } = state);
  });

  const outbox = (vendorId: number, purpose: string) =>
    t.dataSource.query<{ status: string; code: string | null; basis: string | null }[]>(
      `SELECT status, last_error_code AS "code", consent_basis AS "basis" FROM notification_outbox
        WHERE vendor_id = $1 AND purpose = $2 ORDER BY id`,
      [vendorId, purpose],
    );
  const eventsOf = (vendorId: number, type: string) =>
    t.dataSource.query<{ data: Record<string, unknown> }[]>(
      `SELECT data FROM events WHERE vendor_id = $1 AND type = $2 ORDER BY id`,
      [vendorId, type],
    );

  describe('a queued message checks its basis when it leaves', () => {
    const remindedAt = (ends: string) => {
      // The reminder is due 3 days after the request (the automation's default delay).
      const due = daysAfter(T0, 3);
      return { due, statedAt: daysAfter(monthsAfter(ends, -6), 0) };
    };

    it('a reminder whose inquiry ends the day after it leaves is sent under it', async () => {
      const { vendor: v, auth } = await vendor();
      const { due, statedAt } = remindedAt(daysAfter(T0, 4));
      const created = await reviewRequest(auth, {
        emailTo: email(),
        consent: { basis: 'INQUIRY', at: statedAt },
      }).expect(201);
      await waitUntil(() => outboxSettled(t.app, v.id));
      moveClock(due);
      expect((await t.app.get(ReminderPass).run())?.sent).toBeGreaterThanOrEqual(1);
      await waitUntil(() => outboxSettled(t.app, v.id));
      const [reminder] = await outbox(v.id, 'REVIEW_REMINDER');
      const [line] = await ledgerOf(auth, created.body.data.emailTo as string);
      expect(reminder).toEqual({ status: 'SENT', code: null, basis: `INQUIRY#${line.id}` });
      // The process's conversation shows the basis each message left under: the request, then the reminder.
      const read = await request(t.http)
        .get(`${V}/reputation-process/${created.body.data.processId}/messages`)
        .set(auth)
        .expect(200);
      expect(read.body.data.map((m: { consentBasis: string | null }) => m.consentBasis)).toEqual([
        `INQUIRY#${line.id}`,
        `INQUIRY#${line.id}`,
      ]);
      expect(await eventsOf(v.id, 'message.suppressed')).toEqual([]);
    });

    it('a reminder whose inquiry ended the day before it was to leave is not sent: message.suppressed, not message.failed', async () => {
      const { vendor: v, auth } = await vendor();
      const { due, statedAt } = remindedAt(daysAfter(T0, 2));
      const created = await reviewRequest(auth, {
        emailTo: email(),
        consent: { basis: 'INQUIRY', at: statedAt },
      }).expect(201);
      await waitUntil(() => outboxSettled(t.app, v.id));
      moveClock(due);
      expect((await t.app.get(ReminderPass).run())?.sent).toBeGreaterThanOrEqual(1);
      await waitUntil(() => outboxSettled(t.app, v.id));
      expect(await outbox(v.id, 'REVIEW_REMINDER')).toEqual([
        { status: 'SUPPRESSED', code: 'NO_CONSENT', basis: null },
      ]);
      const endedOn = daysAfter(T0, 2);
      expect(await eventsOf(v.id, 'message.suppressed')).toEqual([
        {
          data: expect.objectContaining({
            purpose: 'REVIEW_REMINDER',
            requestId: created.body.data.id,
            reason: `Not sent: no consent in force when it was to leave (its INQUIRY basis ended on ${endedOn}).`,
          }) as unknown,
        },
      ]);
      expect(await eventsOf(v.id, 'message.failed')).toEqual([]);
      // Not a delivery that failed: the conversation shows it SUPPRESSED, the delivery metrics leave it out.
      const read = await request(t.http)
        .get(`${V}/reputation-process/${created.body.data.processId}/messages`)
        .set(auth)
        .expect(200);
      expect(read.body.data.map((m: { status: string }) => m.status)).toEqual(['SENT', 'SUPPRESSED']);
      const attempts = t.app.get(MetricsRegistry).registry.getSingleMetric('outbox_delivery_attempts_total')!;
      const reminders = (await attempts.get()).values.filter((value) => value.labels.purpose === 'review_reminder');
      expect(reminders.filter((value) => value.labels.outcome !== 'sent')).toEqual([]);
    });
  });

  it("costs a request's stated basis no statement of its own, and its two messages one read of the ledger", async () => {
    const { vendor: v, auth } = await vendor();
    const ownReads = jest.spyOn(ConsentsRepository.prototype, 'linesOf');
    const ownWrites = jest.spyOn(ConsentsRepository.prototype, 'insertLines');
    const to = email();
    await reviewRequest(auth, { emailTo: to, phone: '+1 416 555 0101' }).expect(201);
    await waitUntil(() => outboxSettled(t.app, v.id));
    // Written by the request's insert; both messages, due together, checked by one read when claimed.
    expect(ownWrites).not.toHaveBeenCalled();
    expect(ownReads).toHaveBeenCalledTimes(1);
    jest.restoreAllMocks();
    const [line] = await ledgerOf(auth, to);
    const sent = await outbox(v.id, 'REVIEW_REQUEST');
    expect(sent.map(({ status }) => status)).toEqual(['SENT', 'SENT']);
    expect(sent.map(({ basis }) => basis)).toContain(`PURCHASE#${line.id}`);
  });

  it('a lead conversation is exempt (a quote asked for) and recorded as such', async () => {
    const { vendor: v, auth } = await vendor();
    const lead = await createLead(t.app, v.id, { customerEmail: email(), customerPhone: null as unknown as string });
    await request(t.http).post(`${V}/general-leads/${lead.id}/accept`).set(auth).expect(200);
    // Long after the inquiry ended: the conversation the person started is still exempt.
    moveClock(monthsAfter(T0, 7));
    await request(t.http)
      .post(`${V}/general-leads/${lead.id}/messages`)
      .set(auth)
      .send({ body: 'When may I come by?' })
      .expect(201);
    await waitUntil(() => outboxSettled(t.app, v.id));
    expect(await outbox(v.id, 'LEAD_MESSAGE')).toEqual([
      { status: 'SENT', code: null, basis: 'EXEMPT:QUOTE_REQUESTED' },
    ]);
    // The conversation shows each message's basis.
    const read = await request(t.http).get(`${V}/general-leads/${lead.id}/messages`).set(auth).expect(200);
    expect(read.body.data.content).toEqual([expect.objectContaining({ consentBasis: 'EXEMPT:QUOTE_REQUESTED' })]);
  });
});
