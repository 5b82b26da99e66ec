import request from 'supertest';
import { stopClock } from '../support/automation';
import { VENDOR_API as V } from '../support/api-paths';
import { repliesOf, textedBy } from '../support/sms-conversations';
import { e164, text, useSmsTestBed } from '../support/sms-inbound';
import { createTestApp } from '../support/test-app';
import type { Account } from '../support/own-database-app';

jest.setTimeout(120_000);

const POOL = ['+15005550101', '+15005550102', '+15005550103', '+15005550104'];
const DAY_MS = 86_400_000;
let lastPhone = 0;
const newPhone = (): string => `438-555-${1000 + ++lastPhone}`;

describe.each([1, 2, 3, 4])('SMS_FROM, a pool of %i number(s) (e2e)', (size) => {
  const pool = POOL.slice(0, size);
  const sms = useSmsTestBed(`sms_pool_${size}`, { SMS_FROM: pool.join(', ') });
  const reviewers = (count: number): Promise<Account[]> =>
    Promise.all(Array.from({ length: count }, () => sms.bed.vendor({ features: ['enableStandaloneReviewBooster'] })));
  const requestReview = (vendor: Account, phone: string, fields: Record<string, string> = {}) =>
    request(sms.bed.t.http)
      .post(`${V}/review-requests`)
      .set(vendor.auth)
      .send({ firstName: 'Sam', phone, ...fields });
  /** The number each of the phone's messages left from, in the order they left. */
  const sendersTo = (phone: string): string[] => sms.stub.messagesTo(e164(phone)).map((m) => m.form.From);

  /**
   * The customer answers once on each number the phone was texted from (one text per conversation, in
   * the order they left): each conversation must hold the answers to the numbers it texted from last.
   */
  async function answerEachNumber(phone: string, conversations: [Account, number][]) {
    const senders = sendersTo(phone);
    expect(senders).toHaveLength(conversations.length);
    const latestFrom = new Map(senders.map((sender, i) => [sender, i]));
    for (const sender of latestFrom.keys()) {
      await text(sms.bed.t.http, e164(phone), `To ${sender}`, { to: sender }).expect(200);
    }
    for (const [i, [vendor, processId]] of conversations.entries()) {
      const mine = [...latestFrom].filter(([, latest]) => latest === i).map(([sender]) => `To ${sender}`);
      expect(await repliesOf(sms.bed.t, vendor, processId)).toEqual(mine);
    }
  }

  it.each([2, 3, 4])(
    '%i vendors texting one phone: a number each while the pool lasts, kept; the others refused, never sharing; each reply reaches its writer',
    async (writers) => {
      const phone = newPhone();
      const vendors = await reviewers(writers);
      const served = vendors.slice(0, size);
      const conversations: [Account, number][] = [];
      for (const vendor of served) conversations.push([vendor, await textedBy(sms.bed.t, vendor, phone)]);
      for (const vendor of vendors.slice(size)) {
        const refused = await requestReview(vendor, phone).expect(409);
        expect((refused.body as { error: string }).error).toMatch(/never shared: no review request was created/);
      }
      const senders = sendersTo(phone);
      expect(senders.every((sender) => pool.includes(sender))).toBe(true);
      expect(new Set(senders).size).toBe(served.length);
      // The first vendor writes again: from the number it has.
      conversations.push([vendors[0], await textedBy(sms.bed.t, vendors[0], phone)]);
      expect(sendersTo(phone).at(-1)).toBe(senders[0]);
      await answerEachNumber(phone, conversations);
    },
  );

  if (size === 2) {
    it('keeps a pair’s number until 90 days after its last use; then another vendor takes it for that phone', async () => {
      const start = Date.now();
      const moveClock = stopClock(sms.bed.t.app, new Date(start).toISOString());
      const at = (days: number) => moveClock(new Date(start + days * DAY_MS).toISOString());
      try {
        const phone = newPhone();
        const [first, second, third] = await reviewers(3);
        const conversations: [Account, number][] = [[first, await textedBy(sms.bed.t, first, phone)]];
        at(1);
        conversations.push([second, await textedBy(sms.bed.t, second, phone)]);
        const [firstNumber, secondNumber] = sendersTo(phone);
        expect(secondNumber).not.toBe(firstNumber);
        // 95 days on, neither pair has been used for 90 days: the third vendor takes the least recently used.
        at(95);
        conversations.push([third, await textedBy(sms.bed.t, third, phone)]);
        expect(sendersTo(phone)[2]).toBe(firstNumber);
        // The first vendor's number is the third's now: it takes the one the second left unused.
        at(96);
        conversations.push([first, await textedBy(sms.bed.t, first, phone)]);
        expect(sendersTo(phone)[3]).toBe(secondNumber);
        await answerEachNumber(phone, conversations);
      } finally {
        jest.restoreAllMocks();
      }
    });
  }

  if (size === 4) {
    it('holds with two instances texting one phone at once; replies reach their writer through either', async () => {
      const other = await createTestApp();
      try {
        const phone = newPhone();
        const vendors = await reviewers(4);
        const instances = [sms.bed.t, other];
        const processIds = await Promise.all(vendors.map((vendor, i) => textedBy(instances[i % 2], vendor, phone)));
        expect(new Set(sendersTo(phone)).size).toBe(4);
        for (const [i, processId] of processIds.entries()) {
          const [{ sender }]: { sender: string }[] = await other.dataSource.query(
            `SELECT sender FROM notification_outbox WHERE process_id = $1 AND channel = 'SMS'`,
            [processId],
          );
          await text(instances[(i + 1) % 2].http, e164(phone), `Reply ${i}`, { to: sender }).expect(200);
        }
        for (const [i, processId] of processIds.entries()) {
          expect(await repliesOf(sms.bed.t, vendors[i], processId)).toEqual([`Reply ${i}`]);
        }
      } finally {
        await other.close();
      }
    });
  }
});
