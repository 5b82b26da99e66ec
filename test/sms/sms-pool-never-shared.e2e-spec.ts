import { Logger } from '@nestjs/common';
import request from 'supertest';
import { MetricsRegistry } from '../../src/common/metrics/metrics-registry';
import { SmsSenderPool } from '../../src/notifications/sender-pool/sms-sender-pool';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';
import { waitUntil } from '../support/net';
import type { Account } from '../support/own-database-app';
import { messagesOf, repliesOf, textedBy } from '../support/sms-conversations';
import { e164, text, useSmsTestBed } from '../support/sms-inbound';

jest.setTimeout(120_000);

const [A, B] = ['+15005550101', '+15005550102'];
const sms = useSmsTestBed('sms_pool_never_shared', { SMS_FROM: `${A},${B}` });

let lastPhone = 0;
const newPhone = (): string => `581-555-${1000 + ++lastPhone}`;
let lastOwnNumber = 0;
const newOwnNumber = (): string => `+1416555${9100 + ++lastOwnNumber}`;
const reviewer = (): Promise<Account> => sms.bed.vendor({ features: ['enableStandaloneReviewBooster'] });
const requestReview = (vendor: Account, fields: Record<string, string>) =>
  request(sms.bed.t.http)
    .post(`${V}/review-requests`)
    .set(vendor.auth)
    .send({ firstName: 'Sam', ...fields });
const sendersTo = (phone: string): string[] => sms.stub.messagesTo(e164(phone)).map((m) => m.form.From);

/** The operator's count of texts a full pool refused, where (`request` or `delivery`). */
async function poolFullCount(at: string): Promise<number> {
  const counter = sms.bed.t.app.get(MetricsRegistry).registry.getSingleMetric('sms_sender_pool_full_total');
  return (await counter!.get()).values.find((value) => value.labels.at === at)?.value ?? 0;
}

async function feedTypes(vendor: Account): Promise<string[]> {
  const res = await request(sms.bed.t.http).get(`${V}/events?limit=100`).set(vendor.auth).expect(200);
  return (res.body as { data: { content: { type: string }[] } }).data.content.map((event) => event.type);
}

/** Vendors 1 and 2 text the phone from the pool's two numbers, vendor 3 from its own number. */
async function poolTakenFor(phone: string): Promise<{ first: Account; second: Account; firstProcess: number }> {
  const [first, second, third] = [await reviewer(), await reviewer(), await reviewer()];
  const ownNumber = newOwnNumber();
  await request(sms.bed.t.http)
    .put(`${M}/vendors/${third.id}/profile`)
    .set(sms.bed.manager)
    .send({ smsFromNumber: ownNumber })
    .expect(200);
  const firstProcess = await textedBy(sms.bed.t, first, phone);
  await textedBy(sms.bed.t, second, phone);
  await textedBy(sms.bed.t, third, phone);
  expect(sendersTo(phone)).toEqual([A, B, ownNumber]);
  return { first, second, firstProcess };
}

describe('A pool number is never shared between two vendors for one phone (e2e)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('a fourth vendor is refused; the customer’s reply to the first vendor’s number never reaches it', async () => {
    const phone = newPhone();
    const { first, firstProcess } = await poolTakenFor(phone);
    const fourth = await reviewer();
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const countedBefore = await poolFullCount('request');

    const refused = await requestReview(fourth, { phone }).expect(409);
    expect(await poolFullCount('request')).toBe(countedBefore + 1);
    expect((refused.body as { error: string }).error).toMatch(
      /another vendor's conversation with this phone, and a number is never shared: no review request was created/,
    );
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'sms_sender_pool_full', vendorId: fourth.id }));
    // With an e-mail too, the e-mail goes and the answer says why no text does.
    const mixed = await requestReview(fourth, { phone, emailTo: 'sam@customer.example' }).expect(201);
    expect((mixed.body as { message: string }).message).toMatch(/^The review request .* by email\. No text is sent/);
    expect(sendersTo(phone)).toHaveLength(3);

    await text(sms.bed.t.http, e164(phone), 'my alarm code is 2580', { to: A }).expect(200);
    expect(await repliesOf(sms.bed.t, first, firstProcess)).toEqual(['my alarm code is 2580']);
    expect(await feedTypes(fourth)).not.toContain('message.received');
    const rows: unknown[] = await sms.bed.t.dataSource.query(
      `SELECT 1 FROM inbound_sms WHERE vendor_id = $1 OR process_id IN (SELECT id FROM reputation_processes WHERE vendor_id = $1)`,
      [fourth.id],
    );
    expect(rows).toEqual([]);
  });

  it('a queued text whose pool filled meanwhile ends FAILED with the reason, never sent, and the operator is told', async () => {
    const phone = newPhone();
    await poolTakenFor(phone);
    const fourth = await reviewer();
    // The request's check passed before the other vendors took the numbers (a race the worker settles).
    jest.spyOn(sms.bed.t.app.get(SmsSenderPool), 'hasNumberFor').mockReturnValueOnce(true);
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const countedBefore = await poolFullCount('delivery');
    const created = await requestReview(fourth, { phone }).expect(201);
    const requestId = (created.body as { data: { id: number } }).data.id;
    type Row = { status: string; errorCode: string; lastError: string; sender: string | null };
    const outbox = async (): Promise<Row[]> =>
      sms.bed.t.dataSource.query(
        `SELECT status, last_error_code AS "errorCode", last_error AS "lastError", sender FROM notification_outbox
         WHERE vendor_id = $1 AND subject_id = $2 AND channel = 'SMS'`,
        [fourth.id, requestId],
      );
    await waitUntil(async () => (await outbox())[0]?.status === 'FAILED');
    expect(await outbox()).toEqual([
      {
        status: 'FAILED',
        errorCode: 'SENDER_POOL_FULL',
        lastError: expect.stringMatching(/never shared/),
        sender: null,
      },
    ]);
    expect(sendersTo(phone)).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'sms_sender_pool_full', vendorId: fourth.id, at: 'delivery' }),
    );
    expect(await poolFullCount('delivery')).toBe(countedBefore + 1);
    const [process] = await messagesOf(sms.bed.t, fourth, await processOf(requestId));
    expect(process).toMatchObject({ direction: 'outbound', status: 'FAILED' });
  });

  it('a pool number cannot be a vendor’s own: refused like another vendor’s', async () => {
    const vendor = await reviewer();
    for (const number of [A, B]) {
      const res = await request(sms.bed.t.http)
        .put(`${M}/vendors/${vendor.id}/profile`)
        .set(sms.bed.manager)
        .send({ smsFromNumber: number })
        .expect(409);
      expect((res.body as { error: string }).error).toContain('shared numbers (SMS_FROM)');
    }
    const profile = await request(sms.bed.t.http).get(`${M}/vendors/${vendor.id}/profile`).set(sms.bed.manager);
    expect((profile.body as { data: { smsFromNumber: string | null } }).data.smsFromNumber).toBeNull();
  });
});

async function processOf(requestId: number): Promise<number> {
  const [{ processId }]: { processId: number }[] = await sms.bed.t.dataSource.query(
    'SELECT process_id AS "processId" FROM review_requests WHERE id = $1',
    [requestId],
  );
  return processId;
}
