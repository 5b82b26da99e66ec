import request from 'supertest';
import { useCustomerDataBed } from '../support/customer-data-bed';
import { CustomerBrowser } from '../support/customer-pages';
import { waitUntil } from '../support/net';
import { linkSentFor } from '../support/outbox';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(90_000);

/**
 * What the export holds beyond the person's own records (docs/contract.md#data-rights, export
 * completeness): decline reasons, delivery failures and their `message.failed` events, and the contact
 * requests of friends the person referred whose words name the person (the friend's own details
 * withheld, nothing of a friend whose words do not name them).
 */
describe('Customer data export: completeness (e2e)', () => {
  const { state, person, outboxSettled, assignLead } = useCustomerDataBed('export_completeness');

  it('holds a lead’s decline reason, a delivery’s failure reason (the contact masked) and its message.failed event', async () => {
    const { bed, a, b, sink } = state;
    const p = person();
    const lead = await assignLead(a.id, { customerName: p.name, customerEmail: p.email });
    await request(bed.t.http)
      .post(`${V}/general-leads/${lead.body.data.id}/decline`)
      .set(a.auth)
      .send({ declineReason: `Booked until spring ${p.tag}` })
      .expect(200);
    sink.rejectRecipient = (address) =>
      address.toLowerCase() === p.email ? `552 5.2.2 <${address}>: Mailbox full` : undefined;
    try {
      await request(bed.t.http)
        .post(`${V}/review-requests`)
        .set(b.auth)
        .send({ firstName: 'Zoé', emailTo: p.email })
        .expect(201);
      await waitUntil(async () => {
        const [{ failed }] = await bed.t.dataSource.query(
          `SELECT count(*)::int AS failed FROM notification_outbox WHERE recipient = $1 AND status = 'FAILED'`,
          [p.email],
        );
        return failed === 1;
      });
    } finally {
      sink.rejectRecipient = () => undefined;
    }

    const { data } = (
      await request(bed.t.http).post(`${M}/customer-data/export`).set(bed.manager).send({ email: p.email }).expect(200)
    ).body;
    expect(data.leads).toEqual([expect.objectContaining({ declineReason: `Booked until spring ${p.tag}` })]);
    const [failed] = data.messages.filter((m: { status: string }) => m.status === 'FAILED');
    expect(failed).toMatchObject({ vendorId: b.id, to: p.email, lastError: expect.stringMatching(/Mailbox full/) });
    expect(failed.lastError).not.toContain(p.email.split('@')[0]);
    expect(data.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['lead.declined', 'message.failed']),
    );
  });

  it('shows a referred friend’s words that name the person, the friend’s name, e-mail and phone withheld', async () => {
    const { bed, a } = state;
    const p = person();
    const naming = { name: `Naming${p.tag}`, email: `naming.${p.tag}@friend.example`, phone: '514-555-0142' };
    const silent = { name: `Quiet${p.tag}`, email: `quiet.${p.tag}@friend.example` };
    const feedback = await request(bed.t.http)
      .post(`${V}/customer-feedback-system`)
      .set(a.auth)
      .send({ customerName: p.name, email: p.email })
      .expect(201);
    const journey = new CustomerBrowser(
      bed.t.http,
      await linkSentFor(bed.t.app, 'FEEDBACK_REQUEST', feedback.body.data.id),
    );
    await journey.submit('/feedback', { rating: '5', wouldRefer: 'yes' });
    await journey.submit('/review', { happy: 'yes' });
    await journey.submit('/review/confirm');
    for (const friend of [naming, silent])
      await journey.submit('/referrals/email', { email: friend.email, friendName: friend.name, referrerName: p.name });
    await outboxSettled();
    const pageOf = async (email: string) => {
      const [{ id }] = await bed.t.dataSource.query<{ id: number }[]>(
        'SELECT id FROM referrals WHERE friend_email = $1',
        [email],
      );
      return new CustomerBrowser(bed.t.http, await linkSentFor(bed.t.app, 'REFERRAL_INVITATION', id));
    };
    const namingPage = await pageOf(naming.email);
    const words = `I am ${naming.name}, call me at ${naming.phone} or ${naming.email}: ${p.name} said you built her deck`;
    await namingPage.submit('', { ...naming, message: words }, `${namingPage.path}?sent=1`);
    const silentPage = await pageOf(silent.email);
    await silentPage.submit('', { ...silent, message: 'A deck, please' }, `${silentPage.path}?sent=1`);

    const exported = await request(bed.t.http)
      .post(`${M}/customer-data/export`)
      .set(bed.manager)
      .send({ email: p.email })
      .expect(200);
    const [referral] = exported.body.data.reputationProcesses[0].referrals.filter(
      (r: { friendEmail: string }) => r.friendEmail === naming.email,
    );
    expect(exported.body.data.referredRequests).toEqual([
      {
        id: expect.any(Number),
        vendorId: a.id,
        referralId: referral.id,
        message: `I am [withheld], call me at [withheld] or [withheld]: ${p.name} said you built her deck`,
        createdAt: expect.any(String),
      },
    ]);
    // Nothing else of either friend's request is in the export.
    expect(exported.text).not.toContain(naming.phone);
    expect(exported.text).not.toContain('A deck, please');
  });
});
