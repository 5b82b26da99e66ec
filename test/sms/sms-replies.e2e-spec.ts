import request from 'supertest';
import { waitUntil } from '../support/net';
import {
  messagesOf as messagesOfBed,
  requestReviewByText as requestReviewByTextBed,
  textedBy as textedByBed,
} from '../support/sms-conversations';
import { SHARED_SENDER, e164, text, useSmsTestBed } from '../support/sms-inbound';
import { type Account, ofType } from '../support/own-database-app';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(60_000);

const sms = useSmsTestBed('sms_replies');

let lastPhone = 0;
const newPhone = (): string => `416-555-${3000 + ++lastPhone}`;
const reviewer = () => sms.bed.vendor({ features: ['enableStandaloneReviewBooster'] });

const textedBy = (vendor: Account, phone: string) => textedByBed(sms.bed.t, vendor, phone);
const messagesOf = (vendor: Account, processId: number) => messagesOfBed(sms.bed.t, vendor, processId);
const requestReviewByText = (vendor: Account, phone: string) => requestReviewByTextBed(sms.bed.t, vendor, phone);

interface FeedEvent {
  type: string;
  data: Record<string, unknown>;
}

async function feedOf(vendor: Account): Promise<FeedEvent[]> {
  const res = await request(sms.bed.t.http).get(`${V}/events?limit=100`).set(vendor.auth);
  return (res.body as { data: { content: FeedEvent[] } }).data.content;
}

describe('Customers’ replies by SMS (e2e)', () => {
  it('reach the vendor’s process, its feed and its webhooks; another vendor sees nothing', async () => {
    const vendor = await reviewer();
    await sms.bed.register(V, vendor.auth, '/replies', ['message.received']);
    const phone = newPhone();
    const processId = await textedBy(vendor, phone);

    const reply = await text(sms.bed.t.http, e164(phone), 'Thanks, great job on the deck! 👍').expect(200);
    expect(reply.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');

    const messages = await messagesOf(vendor, processId);
    expect(messages.map(({ direction, channel, status }) => ({ direction, channel, status }))).toEqual([
      { direction: 'outbound', channel: 'sms', status: 'SENT' },
      { direction: 'inbound', channel: 'sms', status: 'RECEIVED' },
    ]);
    expect(messages[1].body).toBe('Thanks, great job on the deck! 👍');

    const expected = {
      processId,
      channel: 'sms',
      body: 'Thanks, great job on the deck! 👍',
      receivedAt: messages[1].at,
    };
    // The feed shows an event once every older transaction on the server has ended.
    await waitUntil(async () => (await feedOf(vendor)).some((e) => e.type === 'message.received'));
    expect((await feedOf(vendor)).filter((e) => e.type === 'message.received').map((e) => e.data)).toEqual([expected]);
    const [hook] = ofType(await sms.bed.receivedAt('/replies'), 'message.received');
    expect(hook.event.data).toEqual(expected);

    const other = await reviewer();
    await request(sms.bed.t.http).get(`${V}/reputation-process/${processId}/messages`).set(other.auth).expect(404);
  });

  it('keeps a reply that matches no process for managers, read by cursor', async () => {
    const strangers = [newPhone(), newPhone(), newPhone()];
    for (const phone of strangers) await text(sms.bed.t.http, e164(phone), `Who is this? ${phone}`).expect(200);
    const first = await request(sms.bed.t.http).get(`${M}/inbound-messages?limit=100`).set(sms.bed.manager).expect(200);
    const page = (first.body as { data: { content: { id: number; body: string; phone: string }[]; nextAfter: number } })
      .data;
    const mine = page.content.filter((m) => strangers.includes(m.phone));
    expect(mine.map((m) => m.body)).toEqual(strangers.map((phone) => `Who is this? ${phone}`));

    const after = await request(sms.bed.t.http)
      .get(`${M}/inbound-messages?after=${mine[0].id}&limit=1`)
      .set(sms.bed.manager)
      .expect(200);
    const next = (after.body as { data: { content: { id: number }[]; hasMore: boolean; nextAfter: number } }).data;
    expect(next.content.map((m) => m.id)).toEqual([mine[1].id]);
    expect(next).toMatchObject({ hasMore: true, nextAfter: mine[1].id });
    await request(sms.bed.t.http).get(`${M}/inbound-messages?limit=0`).set(sms.bed.manager).expect(400);
  });

  it('texts from a vendor’s own number, whose replies belong to that vendor alone', async () => {
    const own = await reviewer();
    const ownNumber = '+14165559000';
    await request(sms.bed.t.http)
      .put(`${M}/vendors/${own.id}/profile`)
      .set(sms.bed.manager)
      .send({ smsFromNumber: ownNumber })
      .expect(200);
    const shared = await reviewer();
    const phone = newPhone();
    const ownProcess = await textedBy(own, phone);
    // The shared number texted the same phone since: a reply to the vendor's own number is still the vendor's.
    const sharedProcess = await textedBy(shared, phone);
    expect(sms.stub.messagesTo(e164(phone)).map((m) => m.form.From)).toEqual([ownNumber, SHARED_SENDER]);

    await text(sms.bed.t.http, e164(phone), 'Reply to the own number', { to: ownNumber }).expect(200);
    await text(sms.bed.t.http, e164(phone), 'Reply to the shared number').expect(200);
    expect((await messagesOf(own, ownProcess)).map((m) => m.body).slice(1)).toEqual(['Reply to the own number']);
    expect((await messagesOf(shared, sharedProcess)).map((m) => m.body).slice(1)).toEqual([
      'Reply to the shared number',
    ]);
  });

  it('takes the provider’s error 21610 as the recipient’s opt-out: FAILED without retry, the phone opted out (carrier)', async () => {
    const vendor = await reviewer();
    const phone = newPhone();
    sms.stub.respond = (req) =>
      req.form.To === e164(phone)
        ? { status: 400, body: { code: 21610, message: 'Attempt to send to unsubscribed recipient' } }
        : { status: 201, body: { sid: 'SM0001', status: 'queued' } };
    const requestId = await requestReviewByText(vendor, phone);
    type Row = { status: string; attempts: number; errorCode: string };
    const outbox = async (): Promise<Row[]> =>
      sms.bed.t.dataSource.query(
        `SELECT status, attempts, last_error_code AS "errorCode" FROM notification_outbox
          WHERE purpose = 'REVIEW_REQUEST' AND subject_id = $1 AND channel = 'SMS'`,
        [requestId],
      );
    await waitUntil(async () => (await outbox())[0]?.status === 'FAILED');
    expect(await outbox()).toEqual([{ status: 'FAILED', attempts: 1, errorCode: 'OPTED_OUT' }]);
    expect(sms.stub.to(e164(phone))).toHaveLength(1);
    const [optOut] = await sms.bed.t.dataSource.query('SELECT source FROM sms_opt_outs WHERE phone = $1', [phone]);
    expect(optOut).toEqual({ source: 'carrier' });
    const other = await reviewer();
    await request(sms.bed.t.http)
      .post(`${V}/review-requests`)
      .set(other.auth)
      .send({ firstName: 'Sam', phone })
      .expect(409);
  });
});
