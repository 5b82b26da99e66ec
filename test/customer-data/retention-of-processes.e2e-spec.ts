import request from 'supertest';
import { RetentionPass } from '../../src/customer-data/retention-pass';
import { stopClock } from '../support/automation';
import { useCustomerDataBed } from '../support/customer-data-bed';
import { CustomerBrowser } from '../support/customer-pages';
import { linkSentFor } from '../support/outbox';
import { VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(120_000);

const DAY_MS = 86_400_000;

/**
 * RETENTION_PROCESSES_DAYS and RETENTION_REFERRAL_INVITES_DAYS at their defaults (1095 and 90), on the
 * injected clock: what expired is gone from every column of every table, what did not is whole, and
 * the vendor's counts and KPIs stay.
 */
describe('Retention of processes and unanswered invitations (e2e)', () => {
  const { state, person, outboxSettled, webhooksSettled, kpis, tracesOf } = useCustomerDataBed('retention_processes');

  it('erases an invitation nobody answered after 90 days and a process 1,095 days after its last activity, keeping counts and KPIs', async () => {
    const { bed, a } = state;
    const t0 = Date.now();
    const moveClock = stopClock(bed.t.app, new Date(t0).toISOString());
    const beyondTheLedger = (traces: string[]) => traces.filter((trace) => !trace.startsWith('consents.contact '));
    const passAt = (days: number) => {
      moveClock(new Date(t0 + days * DAY_MS).toISOString());
      return bed.t.app.get(RetentionPass).run();
    };
    const p = person();
    const silent = { name: `Silent${p.tag}`, email: `silent.${p.tag}@friend.example` };
    const answering = { name: `Answering${p.tag}`, email: `answering.${p.tag}@friend.example` };

    // Its answer kept under the key (expired by the time the process does, not yet removed).
    const feedback = await request(bed.t.http)
      .post(`${V}/customer-feedback-system`)
      .set(a.auth)
      .set('Idempotency-Key', `feedback-${p.tag}`)
      .send({ customerName: p.name, email: p.email, phone: p.phone });
    expect(feedback.status).toBe(201);
    const journey = new CustomerBrowser(
      bed.t.http,
      await linkSentFor(bed.t.app, 'FEEDBACK_REQUEST', feedback.body.data.id),
    );
    await journey.submit('/feedback', { rating: '5', wouldRefer: 'yes', comment: p.comment });
    await journey.submit('/review', { happy: 'yes' });
    await journey.submit('/review/confirm');
    for (const friend of [silent, answering]) {
      await journey.submit('/referrals/email', { email: friend.email, friendName: friend.name, referrerName: p.name });
    }
    const invitationOf = async (email: string) => {
      const [{ id }] = await bed.t.dataSource.query<{ id: number }[]>(
        'SELECT id FROM referrals WHERE friend_email = $1',
        [email],
      );
      return new URL(await linkSentFor(bed.t.app, 'REFERRAL_INVITATION', id), 'http://localhost').pathname;
    };
    const silentPage = await invitationOf(silent.email);
    const friendPage = new CustomerBrowser(bed.t.http, await invitationOf(answering.email));
    await friendPage.submit(
      '',
      { name: answering.name, email: answering.email, message: 'Call me' },
      `${friendPage.path}?sent=1`,
    );
    // Another customer, who answered 500 days after their request: their process's window starts then.
    const q = person();
    const late = await request(bed.t.http)
      .post(`${V}/customer-feedback-system`)
      .set(a.auth)
      .send({ customerName: q.name, email: q.email });
    expect(late.status).toBe(201);
    const lateJourney = new CustomerBrowser(
      bed.t.http,
      await linkSentFor(bed.t.app, 'FEEDBACK_REQUEST', late.body.data.id),
    );
    await lateJourney.submit('/feedback', { rating: '4', wouldRefer: 'no', comment: q.comment });
    await bed.t.dataSource.query(
      `UPDATE reputation_events SET occurred_at = occurred_at + interval '500 days'
        WHERE process_id = (SELECT process_id FROM feedback_requests WHERE id = $1)`,
      [late.body.data.id],
    );
    await outboxSettled();
    await webhooksSettled();
    const before = await kpis(a);

    // Day 89: nothing has expired.
    expect(await passAt(89)).toMatchObject({ processes: 0, referralInvites: 0 });
    expect(await tracesOf([silent.email])).not.toEqual([]);

    // Day 91: the silent friend's invitation (its row and the e-mail that invited them) is gone; the
    // friend who answered, the customer and their process are whole.
    expect(await passAt(91)).toMatchObject({ processes: 0, referralInvites: 1 });
    expect(await tracesOf([silent.name, silent.email])).toEqual([]);
    expect(await tracesOf([answering.email])).not.toEqual([]);
    expect(await tracesOf([p.email])).not.toEqual([]);
    await request(bed.t.http).get(silentPage).expect(410);
    await request(bed.t.http).get(friendPage.path).expect(200);

    // Day 1,094 after the journey: the process is still within its window.
    expect(await passAt(1_094)).toMatchObject({ processes: 0 });
    expect(await tracesOf([p.comment])).not.toEqual([]);

    // Day 1,096: the customer's name, contacts, comment and every copy of them are gone (the lead the
    // answering friend's request became loses its referrer's name); the friend's own request stays theirs.
    const vacuums = async (): Promise<number> =>
      (
        await bed.t.dataSource.query<{ n: number }[]>(
          `SELECT vacuum_count::int AS n FROM pg_stat_user_tables WHERE relname = 'reputation_processes'`,
        )
      )[0].n;
    const vacuumed = await vacuums();
    expect(await passAt(1_096)).toMatchObject({ processes: 1 });
    // The pass vacuums the tables its erasures changed: their old row versions go too.
    expect(await vacuums()).toBe(vacuumed + 1);
    await webhooksSettled();
    // The consent ledger keeps its bases, with their contact, for their own window after each ended
    // (RETENTION_CONSENT_DAYS: the proof for the limitation period); it goes at the end of the test.
    expect(beyondTheLedger(await tracesOf([p.name, p.lastName, p.email, p.phone, p.comment]))).toEqual([]);
    const [kept] = await bed.t.dataSource.query<{ id: number }[]>(
      `SELECT (body::json #>> '{data,id}')::int AS id FROM idempotency_keys WHERE key = $1`,
      [`feedback-${p.tag}`],
    );
    expect(kept).toEqual({ id: feedback.body.data.id });
    expect(await tracesOf([answering.email])).not.toEqual([]);
    expect(await tracesOf([q.comment])).not.toEqual([]);
    await request(bed.t.http).get(journey.path).expect(410);
    await lateJourney.view();
    expect(await kpis(a)).toEqual(before);

    // Nothing is erased twice; the late answer's process goes 1,095 days after it.
    expect(await passAt(1_097)).toMatchObject({ processes: 0, referralInvites: 0 });
    expect(await passAt(1_596)).toMatchObject({ processes: 1 });
    expect(beyondTheLedger(await tracesOf([q.name, q.email, q.comment]))).toEqual([]);
    expect(await kpis(a)).toEqual(before);

    // 1,095 days after the last basis ended (a purchase lasts 2 years), the ledger's lines go too.
    expect(await passAt(2_400)).toMatchObject({ consents: expect.any(Number) as unknown });
    expect(await tracesOf([p.name, p.lastName, p.email, p.phone, p.comment, q.name, q.email, q.comment])).toEqual([]);
  });
});
