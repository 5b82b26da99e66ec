import request from 'supertest';
import { RetentionPass } from '../../src/customer-data/retention-pass';
import { ReputationProcessService } from '../../src/reputation/reputation-process.service';
import { M, T0, V, daysAfter, monthsAfter, useConsentLedger } from '../support/consent-ledger';
import { createLead } from '../support/factories';
import type { TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/** docs/contract.md#consent (CASL ss. 6, 10, 13): the ledger's bases, their terms, reading and keeping them. */
describe('Consent ledger (e2e)', () => {
  const { state, vendor, email, reviewRequest, ledgerOf, moveClock } = useConsentLedger('consent');
  let t: TestApp;
  let manager: Record<string, string>;
  beforeAll(() => {
    ({ t, manager } = state);
  });

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
      const created = await request(t.http)
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
      // Still in force years on (a request stating an inquiry over since passes under it); it ends only when withdrawn.
      moveClock(monthsAfter(T0, 120));
      await reviewRequest(auth, { emailTo: contact, consent: { basis: 'INQUIRY', at: monthsAfter(T0, 113) } }).expect(
        201,
      );
      const [{ token }] = await t.dataSource.query<{ token: string }[]>(
        'SELECT token FROM reputation_processes WHERE id = $1',
        [created.body.data.processId],
      );
      await t.app.get(ReputationProcessService).optOut(token);
      const lines = await ledgerOf(auth, contact);
      const withdrawal = lines.find((l) => l.kind === 'WITHDRAWAL')!;
      expect(lines.find((l) => l.kind === 'EXPRESS')).toMatchObject({
        kind: 'EXPRESS',
        endsAt: monthsAfter(T0, 120),
        withdrawalId: withdrawal.id,
      });
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

    it.each([[[]], [[[]]], [[{ basis: 'PURCHASE', at: T0 }]]])(
      'refuses a list where the basis is one object (400), on both requests, and records nothing: %j',
      async (consent) => {
        const { auth } = await vendor();
        const contact = email();
        await reviewRequest(auth, { emailTo: contact, consent }).expect(400);
        await request(t.http)
          .post(`${V}/customer-feedback-system`)
          .set(auth)
          .send({ customerName: 'Ana Lopez', email: contact, consent })
          .expect(400);
        expect(await ledgerOf(auth, contact)).toEqual([]);
      },
    );
  });

  describe('each basis the check finds, the day before and the day after its end', () => {
    /** Recorded at T0 for `contact`: a lead assigned, a lead won, or a request stating nothing. */
    const ARISING = {
      'a lead assigned: an inquiry, 6 months': { kind: 'INQUIRY', months: 6 },
      'a lead won: a purchase, 2 years': { kind: 'PURCHASE', months: 24 },
      'a request stating nothing: a purchase on its date, 2 years': { kind: 'PURCHASE', months: 24 },
    } as const;
    it.each(Object.keys(ARISING))('%s', async (how) => {
      const { kind, months } = ARISING[how as keyof typeof ARISING];
      const { vendor: v, auth } = await vendor();
      const contact = email();
      if (how.startsWith('a request')) await reviewRequest(auth, { emailTo: contact }).expect(201);
      else {
        const lead = await createLead(t.app, v.id, {
          customerEmail: contact,
          customerPhone: null as unknown as string,
        });
        await request(t.http).post(`${V}/general-leads/${lead.id}/accept`).set(auth).expect(200);
        if (kind === 'PURCHASE')
          await request(t.http)
            .patch(`${V}/general-leads/${lead.id}/post-lead-status`)
            .set(auth)
            .send({ postLeadStatus: 'JOB_WON' })
            .expect(200);
      }
      const end = monthsAfter(T0, months);
      // A request stating an inquiry long over: only the basis above lets it through.
      const stale = (now: string) => ({ emailTo: contact, consent: { basis: 'INQUIRY', at: monthsAfter(now, -7) } });
      moveClock(daysAfter(end, -1));
      await reviewRequest(auth, stale(daysAfter(end, -1))).expect(201);
      moveClock(daysAfter(end, 1));
      const refused = await reviewRequest(auth, stale(daysAfter(end, 1))).expect(409);
      expect(refused.body.error).toBe(`No consent to write to this customer: its ${kind} basis ended on ${end}.`);
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
});
