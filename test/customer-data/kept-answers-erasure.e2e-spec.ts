import request from 'supertest';
import { useCustomerDataBed } from '../support/customer-data-bed';
import { spelledIn } from '../support/person-spellings';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(120_000);

/** One idempotent write: where it went, its body and key, so that it can be sent again as a retry would. */
interface Write {
  what: string;
  path: string;
  auth: Record<string, string>;
  key: string;
  body: object;
}

/**
 * Kept idempotent answers are found by the records their request touched (docs/contract.md#data-rights), noted when
 * they were kept, not by searching their text: after an erasure, a retry with the same Idempotency-Key
 * replays the same status and ids, and none of the person's data.
 */
describe('Erasure of kept idempotent answers (e2e)', () => {
  const { state, person, outboxSettled, personWithRecords } = useCustomerDataBed('kept_answers_erasure');

  const send = ({ path, auth, key, body }: Write) =>
    request(state.bed.t.http).post(path).set(auth).set('Idempotency-Key', key).send(body);

  it('redacts the answers of every request that touched the erased records, whatever text they hold', async () => {
    const { bed, a, b } = state;
    const p = person();
    const { referralLeadId } = await personWithRecords(p, a, b);
    await outboxSettled();
    // The friend whom the person referred: the lead their request became names the person (the referrer, the friend's words).
    const [{ id: friendLeadId }] = await bed.t.dataSource.query<{ id: number }[]>(
      `SELECT id FROM leads WHERE customer_email = $1`,
      [`friend.${p.tag}@friend.example`],
    );
    // Words of the person that hold none of their contacts. (Vendor B was told to stop messaging her: B declines, A asks.)
    const job = `Cedar deck for the cottage ${p.tag.toUpperCase()}`;
    const reason = `Booked solid until spring, sorry ${p.tag.toUpperCase()}`;
    const said = `Bonjour, we come by on Thursday ${p.tag.toUpperCase()}`;
    const lead = await request(bed.t.http)
      .post(`${M}/vendors/${b.id}/leads`)
      .set(bed.manager)
      .send({
        category: 'Deck',
        customerName: p.name,
        customerPhone: p.phone,
        projectDetailsHtml: `<p>${job}</p>`,
        originalJobDescription: job,
      })
      .expect(201);
    const [{ id: accepted }] = await bed.t.dataSource.query<{ id: number }[]>(
      `SELECT id FROM leads WHERE vendor_id = $1 AND customer_name = $2 AND vendor_lead_action = 'ACCEPT'`,
      [a.id, p.name],
    );

    const writes: Write[] = [
      {
        what: 'decline',
        path: `${V}/general-leads/${lead.body.data.id}/decline`,
        auth: b.auth,
        key: `decline-${p.tag}`,
        body: { declineReason: reason },
      },
      {
        what: 'phone-only review request',
        path: `${V}/review-requests`,
        auth: a.auth,
        key: `phone-${p.tag}`,
        body: { firstName: 'Zoé', lastName: p.lastName, phone: p.phone },
      },
      {
        what: 'message',
        path: `${V}/general-leads/${accepted}/messages`,
        auth: a.auth,
        key: `message-${p.tag}`,
        body: { channel: 'email', body: said },
      },
      {
        what: "the person's referral lead",
        path: `${V}/general-leads/${referralLeadId}/accept`,
        auth: a.auth,
        key: `referral-${p.tag}`,
        body: {},
      },
      {
        what: "the friend's lead",
        path: `${V}/general-leads/${friendLeadId}/accept`,
        auth: a.auth,
        key: `friend-${p.tag}`,
        body: {},
      },
    ];
    const first = new Map<string, { status: number; id: unknown }>();
    for (const write of writes) {
      const res = await send(write);
      expect({ what: write.what, succeeded: res.status < 300 }).toEqual({ what: write.what, succeeded: true });
      // Each answer shows the person or their words (the friend's lead: as its referrer, and in the friend's words).
      expect({ what: write.what, found: spelledIn(res.text, p, [job, reason, said]).length > 0 }).toEqual({
        what: write.what,
        found: true,
      });
      first.set(write.what, { status: res.status, id: res.body.data.id });
    }
    await outboxSettled();
    const [{ n: reviewRequests }] = await bed.t.dataSource.query(`SELECT count(*)::int AS n FROM review_requests`);

    const erased = await request(bed.t.http).post(`${M}/customer-data/erase`).set(bed.manager).send({ email: p.email });
    expect(erased.status).toBe(200);

    for (const write of writes) {
      const replay = await send(write);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect({ what: write.what, status: replay.status, id: replay.body.data.id }).toEqual({
        what: write.what,
        ...first.get(write.what),
      });
      expect({ what: write.what, holds: spelledIn(replay.text, p, [job, reason, said]) }).toEqual({
        what: write.what,
        holds: [],
      });
    }
    // The five above, and the lead and review request the person's records were made with.
    expect(erased.body.data.idempotentAnswers).toBe(7);
    // The friend is not the person: their own name stays in the answer about their lead.
    const friend = await send(writes[4]);
    expect(friend.body.data.customerName).toBe('Friend Person');
    // The retry created nothing.
    const [{ n: after }] = await bed.t.dataSource.query(`SELECT count(*)::int AS n FROM review_requests`);
    expect(after).toBe(reviewRequests);
  });
});
