import request from 'supertest';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { ReminderPass } from '../../src/automation/reminder-pass';
import { CustomerDataService } from '../../src/customer-data/customer-data.service';
import { RetentionPass } from '../../src/customer-data/retention-pass';
import { PhoneOptOuts } from '../../src/reputation/phone-opt-outs';
import { ReputationProcessService } from '../../src/reputation/reputation-process.service';
import { AutomationTestBed, automate, minutesAfter, outboxSettled, stopClock } from '../support/automation';
import { bearer, configureReviewSites, createAdmin, createLead, createVendor } from '../support/factories';
import { waitUntil } from '../support/net';
import type { TestApp } from '../support/test-app';

jest.setTimeout(90_000);

const bed = new AutomationTestBed(`${process.env.E2E_DATABASE_NAME}_consent`);
const T0 = '2026-06-10T14:00:00.000Z';
const DAY_MINUTES = 24 * 60;
const V = '/rest-api-v1';
const M = '/rest-manager-api-v1';

/** `iso` moved by whole calendar months (UTC), as the ledger counts a basis's term. */
const monthsAfter = (iso: string, months: number): string => {
  const at = new Date(iso);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString();
};
const daysAfter = (iso: string, days: number): string => minutesAfter(iso, days * DAY_MINUTES);

/** docs/contract.md#consent (CASL ss. 6, 10, 13): the ledger, the check at sending, withdrawals, reading, data rights. */
describe('Consent ledger (e2e)', () => {
  let t: TestApp;
  let moveClock: (iso: string) => void;
  let manager: Record<string, string>;

  beforeAll(async () => {
    await bed.start();
    t = await bed.boot();
    manager = bearer((await createAdmin(t.app)).token);
  });
  afterAll(async () => {
    await t.close();
    await bed.stop();
  });
  beforeEach(() => {
    moveClock = stopClock(t.app, T0);
  });

  const vendor = async () => {
    const created = await createVendor(t.app, { features: [...VENDOR_FEATURES] });
    await automate(t.app, created.vendor.id);
    await configureReviewSites(t.app, created.vendor.id);
    return { ...created, auth: bearer(created.token) };
  };
  let seq = 0;
  const email = () => `consent-${++seq}-${Date.now()}@customer.example`;
  const reviewRequest = (auth: Record<string, string>, body: Record<string, unknown>) =>
    request(t.http)
      .post(`${V}/review-requests`)
      .set(auth)
      .send({ firstName: 'Sam', ...body });
  const ledgerOf = async (auth: Record<string, string>, contact: string) =>
    (await request(t.http).get(`${V}/consents`).query({ email: contact }).set(auth).expect(200)).body.data as {
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

  describe('a basis stated on a request, and its end (the day before and the day after)', () => {
    it.each([
      ['INQUIRY', 6],
      ['PURCHASE', 24],
    ])('%s lasts %d months from when it arose', async (basis, months) => {
      const { auth } = await vendor();
      const stillInForce = daysAfter(monthsAfter(T0, -months), 1);
      const ended = daysAfter(monthsAfter(T0, -months), -1);
      const endedOn = daysAfter(T0, -1);
      const contact = email();
      await reviewRequest(auth, {
        emailTo: contact,
        consent: { basis, at: stillInForce, evidence: 'Invoice 7' },
      }).expect(201);
      const [line] = await ledgerOf(auth, contact);
      expect(line).toMatchObject({
        kind: basis,
        source: 'stated_on_request',
        startsAt: stillInForce,
        endsAt: daysAfter(T0, 1),
      });
      expect(line.evidence).toMatchObject({ request: 'REVIEW_REQUEST', stated: 'Invoice 7' });

      const late = email();
      const refused = await reviewRequest(auth, { emailTo: late, consent: { basis, at: ended } }).expect(409);
      expect(refused.body.error).toBe(`No consent to write to this customer: its ${basis} basis ended on ${endedOn}.`);
      // Nothing was stored: the request, its messages and the stated line rolled back together.
      expect(await ledgerOf(auth, late)).toEqual([]);
    });

    it('EXPRESS lasts until withdrawn, with its wording, language and time', async () => {
      const { auth } = await vendor();
      const contact = email();
      const wording = 'Yes, Renovations Inc may e-mail me about my project.';
      const at = '2019-03-01T10:00:00.000Z';
      await request(t.http)
        .post(`${V}/customer-feedback-system`)
        .set(auth)
        .send({
          customerName: 'Ana Lopez',
          email: contact,
          locale: 'fr',
          consent: { basis: 'EXPRESS', at, evidence: wording },
        })
        .expect(201);
      const [line] = await ledgerOf(auth, contact);
      expect(line).toMatchObject({ kind: 'EXPRESS', startsAt: at, endsAt: null });
      expect(line.evidence).toMatchObject({ request: 'FEEDBACK_REQUEST', wording, language: 'fr', time: at });
    });

    it("without one, the request records the vendor's stated purchase on the request's date", async () => {
      const { auth } = await vendor();
      const contact = email();
      await reviewRequest(auth, { emailTo: contact }).expect(201);
      expect(await ledgerOf(auth, contact)).toEqual([
        expect.objectContaining({
          kind: 'PURCHASE',
          startsAt: T0,
          endsAt: monthsAfter(T0, 24),
          evidence: expect.objectContaining({
            stated: "stated by the vendor's request: purchase on the request's date",
          }) as unknown,
        }),
      ]);
    });

    it('refuses a basis dated in the future (400)', async () => {
      const { auth } = await vendor();
      const answer = await reviewRequest(auth, {
        emailTo: email(),
        consent: { basis: 'PURCHASE', at: daysAfter(T0, 1) },
      });
      expect(answer.status).toBe(400);
    });
  });

  it('a lead assigned is an inquiry (6 months), won a purchase (2 years); both read, and listed as ending', async () => {
    const { vendor: v, auth } = await vendor();
    const contact = email();
    const lead = await createLead(t.app, v.id, { customerEmail: contact, customerPhone: '416-555-0142' });
    await request(t.http).post(`${V}/general-leads/${lead.id}/accept`).set(auth).expect(200);
    moveClock(daysAfter(T0, 10));
    await request(t.http)
      .patch(`${V}/general-leads/${lead.id}/post-lead-status`)
      .set(auth)
      .send({ postLeadStatus: 'JOB_WON' })
      .expect(200);
    const lines = await ledgerOf(auth, contact);
    expect(
      lines.map(({ kind, source, evidence, startsAt, endsAt }) => ({ kind, source, evidence, startsAt, endsAt })),
    ).toEqual([
      {
        kind: 'PURCHASE',
        source: 'lead_won',
        evidence: { leadId: lead.id },
        startsAt: daysAfter(T0, 10),
        endsAt: monthsAfter(daysAfter(T0, 10), 24),
      },
      {
        kind: 'INQUIRY',
        source: 'lead_assigned',
        evidence: { leadId: lead.id },
        startsAt: T0,
        endsAt: monthsAfter(T0, 6),
      },
    ]);
    // The phone's lines too, and the managers' read of the same.
    const byPhone = await request(t.http).get(`${V}/consents`).query({ phone: '416-555-0142' }).set(auth).expect(200);
    expect(byPhone.body.data).toHaveLength(2);
    const managers = await request(t.http)
      .get(`${M}/vendors/${v.id}/consents`)
      .query({ email: contact })
      .set(manager)
      .expect(200);
    expect(managers.body.data).toEqual(lines);

    // Ending within N days: the inquiry (the email's and the phone's) the day before it ends, not the day after.
    moveClock(daysAfter(monthsAfter(T0, 6), -1));
    const ending = await request(t.http).get(`${V}/consents/ending`).query({ days: 2 }).set(auth).expect(200);
    expect(ending.body.data.map((line: { kind: string }) => line.kind)).toEqual(['INQUIRY', 'INQUIRY']);
    moveClock(daysAfter(monthsAfter(T0, 6), 1));
    expect(
      (await request(t.http).get(`${M}/vendors/${v.id}/consents/ending`).set(manager).expect(200)).body.data,
    ).toEqual([]);
    await request(t.http).get(`${V}/consents`).set(auth).expect(400);
  });

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
      expect(await outbox(v.id, 'REVIEW_REMINDER')).toEqual([{ status: 'FAILED', code: 'NO_CONSENT', basis: null }]);
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
    });
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

  it('keeps an ended basis RETENTION_CONSENT_DAYS (1095) after its end, then deletes it; a withdrawal stays', async () => {
    const { auth } = await vendor();
    const contact = email();
    // A purchase stated almost 2 years ago: it ends tomorrow.
    const created = await reviewRequest(auth, {
      emailTo: contact,
      consent: { basis: 'PURCHASE', at: daysAfter(monthsAfter(T0, -24), 1) },
    }).expect(201);
    const ended = daysAfter(T0, 1);
    moveClock(daysAfter(ended, 1));
    const [{ token }] = await t.dataSource.query<{ token: string }[]>(
      `SELECT token FROM reputation_processes WHERE id = $1`,
      [created.body.data.processId],
    );
    await t.app.get(ReputationProcessService).optOut(token);
    moveClock(daysAfter(ended, 1095 - 1));
    await t.app.get(RetentionPass).run();
    expect((await ledgerOf(auth, contact)).map((line) => line.kind)).toEqual(['WITHDRAWAL', 'PURCHASE']);
    moveClock(daysAfter(ended, 1095 + 1));
    const removed = await t.app.get(RetentionPass).run();
    expect(removed?.consents).toBeGreaterThanOrEqual(1);
    expect((await ledgerOf(auth, contact)).map((line) => line.kind)).toEqual(['WITHDRAWAL']);
  });

  describe('withdrawals end the bases they cover', () => {
    it('the unsubscribe link: the vendor’s bases end, another vendor’s stay', async () => {
      const { vendor: v, auth } = await vendor();
      const other = await vendor();
      const contact = email();
      const created = await reviewRequest(auth, { emailTo: contact }).expect(201);
      await reviewRequest(other.auth, { emailTo: contact }).expect(201);
      moveClock(daysAfter(T0, 1));
      const [{ token }] = await t.dataSource.query<{ token: string }[]>(
        `SELECT token FROM reputation_processes WHERE id = $1`,
        [created.body.data.processId],
      );
      await t.app.get(ReputationProcessService).optOut(token);
      const [withdrawal, basis] = await ledgerOf(auth, contact);
      expect(withdrawal).toMatchObject({ kind: 'WITHDRAWAL', source: 'unsubscribe_link', vendorId: v.id });
      expect(basis).toMatchObject({ kind: 'PURCHASE', endsAt: daysAfter(T0, 1), withdrawalId: withdrawal.id });
      expect(await ledgerOf(other.auth, contact)).toEqual([
        expect.objectContaining({ kind: 'PURCHASE', withdrawalId: null }),
      ]);
    });

    it("a STOP texted: every vendor's bases for the phone end", async () => {
      const { auth } = await vendor();
      const other = await vendor();
      const phone = '416-555-0177';
      await reviewRequest(auth, { phone }).expect(201);
      await reviewRequest(other.auth, { phone }).expect(201);
      moveClock(daysAfter(T0, 1));
      await t.app.get(PhoneOptOuts).optOut(phone, 'sms');
      for (const account of [auth, other.auth]) {
        const lines = (await request(t.http).get(`${V}/consents`).query({ phone }).set(account).expect(200)).body.data;
        expect(lines).toEqual([
          expect.objectContaining({ kind: 'WITHDRAWAL', source: 'sms_stop', vendorId: null }),
          expect.objectContaining({ kind: 'PURCHASE', endsAt: daysAfter(T0, 1), withdrawalId: lines[0].id }),
        ]);
      }
    });

    it('an erasure: the export shows the ledger; afterwards only the proof that withdrawals were honoured is kept', async () => {
      const { vendor: v, auth } = await vendor();
      const contact = email();
      const created = await reviewRequest(auth, {
        emailTo: contact,
        consent: { basis: 'PURCHASE', at: T0, evidence: 'Invoice 9' },
      });
      const [{ token }] = await t.dataSource.query<{ token: string }[]>(
        `SELECT token FROM reputation_processes WHERE id = $1`,
        [created.body.data.processId],
      );
      await t.app.get(ReputationProcessService).optOut(token);
      const exported = await request(t.http)
        .post(`${M}/customer-data/export`)
        .set(manager)
        .send({ email: contact })
        .expect(200);
      expect(exported.body.data.consents.map((line: { kind: string }) => line.kind)).toEqual([
        'PURCHASE',
        'WITHDRAWAL',
      ]);

      const erased = await t.app.get(CustomerDataService).erase({ email: contact, phone: null }, true);
      expect(erased.consents).toBe(2);
      const kept = await t.dataSource.query<Record<string, unknown>[]>(
        `SELECT vendor_id AS "vendorId", contact, contact_hash IS NOT NULL AS "hashed", kind, source, evidence
           FROM consents WHERE vendor_id = $1 OR (vendor_id IS NULL AND source = 'erasure') ORDER BY id`,
        [v.id],
      );
      expect(kept).toEqual(
        expect.arrayContaining([
          {
            vendorId: v.id,
            contact: null,
            hashed: true,
            kind: 'WITHDRAWAL',
            source: 'unsubscribe_link',
            evidence: { honoured: true },
          },
          {
            vendorId: null,
            contact: null,
            hashed: true,
            kind: 'WITHDRAWAL',
            source: 'erasure',
            evidence: { honoured: true },
          },
        ]),
      );
      expect(kept.filter((line) => line.vendorId === v.id)).toHaveLength(1);
      expect(await ledgerOf(auth, contact)).toEqual([]);
    });
  });
});
