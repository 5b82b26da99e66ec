import request from 'supertest';
import { TransactionHost } from '@nestjs-cls/transactional';
import { ReputationProcessService } from '../../src/reputation/reputation-process.service';
import { waitUntil } from '../support/net';
import { smsSize } from '../../src/notifications/rendering/sms-segments';
import { OPERATOR, SHARED_SENDER, e164, messageSid, text, useSmsTestBed } from '../support/sms-inbound';
import { textedBy } from '../support/sms-conversations';
import { type Account } from '../support/own-database-app';
import { VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(60_000);

const SECOND_SENDER = '+15005550007';
const sms = useSmsTestBed('sms_keywords', { SMS_FROM: `${SHARED_SENDER},${SECOND_SENDER}` });
let vendors: Account[];
beforeAll(async () => {
  vendors = [
    await sms.bed.vendor({ features: ['enableStandaloneReviewBooster'] }),
    await sms.bed.vendor({ features: ['enableStandaloneReviewBooster'] }),
  ];
});

let lastPhone = 0;
/** A phone of this test alone, `416-555-1xxx`. */
const newPhone = (): string => `416-555-${1000 + ++lastPhone}`;

const askReview = (vendor: Account, phone: string) =>
  request(sms.bed.t.http).post(`${V}/review-requests`).set(vendor.auth).send({ firstName: 'Sam', phone });

interface ProcessRow {
  id: number;
  state: string;
  token: string;
}

async function processOf(vendor: Account, requestId: number): Promise<ProcessRow> {
  const [row]: ProcessRow[] = await sms.bed.t.dataSource.query(
    `SELECT p.id, p.state, p.token FROM reputation_processes p JOIN review_requests r ON r.process_id = p.id
      WHERE r.id = $1 AND p.vendor_id = $2`,
    [requestId, vendor.id],
  );
  return row;
}

interface FeedEvent {
  type: string;
  data: { processId?: number };
}

async function feedOf(vendor: Account): Promise<FeedEvent[]> {
  const res = await request(sms.bed.t.http).get(`${V}/events?limit=100`).set(vendor.auth);
  return (res.body as { data: { content: FeedEvent[] } }).data.content;
}

const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

describe('Keywords texted to the sender number (e2e)', () => {
  it('STOP opts the phone out of every vendor’s texts and ends its processes as an unsubscribe does; START lets its number’s vendor through', async () => {
    const phone = newPhone();
    const before = await askReview(vendors[0], phone).expect(201);
    const process = await processOf(vendors[0], before.body.data.id);
    await waitUntil(() => Promise.resolve(sms.stub.messagesTo(e164(phone)).length === 1));

    const stop = await text(sms.bed.t.http, e164(phone), 'STOP').expect(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.text).toBe(EMPTY);

    expect((await processOf(vendors[0], before.body.data.id)).state).toBe('TERMINATED');
    // The feed shows an event once every older transaction on the server has ended (a worker's may be open).
    const optedOut = async () => (await feedOf(vendors[0])).filter((e) => e.type === 'contact.opted_out');
    await waitUntil(async () => (await optedOut()).length > 0);
    expect((await optedOut()).map((e) => e.data.processId)).toEqual([process.id]);
    for (const vendor of vendors) {
      const refused = await askReview(vendor, phone).expect(409);
      expect(refused.body.error).toMatch(/opted out/);
    }
    const [row] = await sms.bed.t.dataSource.query(`SELECT source FROM sms_opt_outs WHERE phone = $1`, [phone]);
    expect(row).toEqual({ source: 'sms' });

    // START to the number the first vendor texted from: that vendor alone may text again.
    const start = await text(sms.bed.t.http, e164(phone), 'START', { to: SHARED_SENDER }).expect(200);
    expect(start.text).toBe(EMPTY);
    await askReview(vendors[0], phone).expect(201);
    await askReview(vendors[1], phone).expect(409);
    // A new STOP opts the phone out of every vendor again.
    await text(sms.bed.t.http, e164(phone), 'STOP').expect(200);
    await askReview(vendors[0], phone).expect(409);
  });

  it.each([
    ['a pool number never used with the phone', SECOND_SENDER],
    ['a number outside the pool', '+15005550999'],
  ])('START to %s changes nothing and says how to resubscribe', async (_, to) => {
    const phone = newPhone();
    await askReview(vendors[0], phone).expect(201);
    await waitUntil(() => Promise.resolve(sms.stub.messagesTo(e164(phone)).length === 1));
    await text(sms.bed.t.http, e164(phone), 'STOP').expect(200);
    const start = await text(sms.bed.t.http, e164(phone), 'start', { to }).expect(200);
    expect(start.text).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${OPERATOR.OPERATOR_NAME}: no business texted you from this number, so nothing changed. To receive a business&#39;s texts again, reply START to the number it texted you from. Help: ${OPERATOR.OPERATOR_CONTACT}</Message></Response>`,
    );
    for (const vendor of vendors) await askReview(vendor, phone).expect(409);
    const lifts: unknown[] = await sms.bed.t.dataSource.query(`SELECT 1 FROM sms_opt_out_lifts WHERE phone = $1`, [
      phone,
    ]);
    expect(lifts).toEqual([]);
  });

  it.each(['ARRÊT', 'Stop', ' stop ', 'arrete', 'UNSUBSCRIBE', 'Quit'])('“%s” counts as STOP', async (body) => {
    const phone = newPhone();
    await text(sms.bed.t.http, e164(phone), body).expect(200);
    await askReview(vendors[1], phone).expect(409);
  });

  it('a longer text that only contains a keyword is a reply, not an opt-out', async () => {
    const phone = newPhone();
    await text(sms.bed.t.http, e164(phone), 'Please stop by tomorrow at five').expect(200);
    await askReview(vendors[1], phone).expect(201);
  });

  it('START lifts only the opt-out made by text: one made through an unsubscribe link stays', async () => {
    const phone = newPhone();
    const created = await askReview(vendors[0], phone).expect(201);
    const { token } = await processOf(vendors[0], created.body.data.id);
    await waitUntil(() => Promise.resolve(sms.stub.messagesTo(e164(phone)).length === 1));
    await textedBy(sms.bed.t, vendors[1], phone);
    const [first, second] = sms.stub.messagesTo(e164(phone)).map((m) => m.form.From);
    await sms.bed.t.app
      .get(TransactionHost)
      .withTransaction(() => sms.bed.t.app.get(ReputationProcessService).optOut(token));
    await text(sms.bed.t.http, e164(phone), 'STOP').expect(200);
    await text(sms.bed.t.http, e164(phone), 'start', { to: first }).expect(200);
    await askReview(vendors[0], phone).expect(409);
    await askReview(vendors[1], phone).expect(409);
    await text(sms.bed.t.http, e164(phone), 'start', { to: second }).expect(200);
    await askReview(vendors[1], phone).expect(201);
  });

  it('HELP and INFO answer in English, AIDE in French, naming the operator, how to stop and its contact', async () => {
    const phone = e164(newPhone());
    for (const word of ['HELP', 'info']) {
      const help = await text(sms.bed.t.http, phone, word).expect(200);
      expect(help.text).toMatch(
        /^<\?xml version="1\.0" encoding="UTF-8"\?><Response><Message>.+<\/Message><\/Response>$/,
      );
      expect(help.text).toContain(OPERATOR.OPERATOR_NAME);
      expect(help.text).toContain('Reply STOP to opt out.');
      expect(help.text).toContain(OPERATOR.OPERATOR_CONTACT);
    }
    const aide = await text(sms.bed.t.http, phone, 'Aide').expect(200);
    expect(aide.text).toContain(OPERATOR.OPERATOR_NAME);
    expect(aide.text).toContain('Répondez ARRET pour ne plus recevoir de messages.');
    expect(aide.text).toContain(OPERATOR.OPERATOR_CONTACT);
    expect(aide.text).toContain('textos');
  });

  it('AIDE in a review request’s conversation names an accented vendor as spelled and says what its texts are, in two parts', async () => {
    const cote = await sms.bed.vendor({
      vendorName: 'Rénovations Côté & Fils Québec',
      features: ['enableStandaloneReviewBooster'],
    });
    const phone = newPhone();
    await request(sms.bed.t.http)
      .post(`${V}/review-requests`)
      .set(cote.auth)
      .send({ firstName: 'Luc', phone, locale: 'fr' })
      .expect(201);
    await waitUntil(() => Promise.resolve(sms.stub.messages.some((m) => m.form.To === e164(phone))));
    const aide = await text(sms.bed.t.http, e164(phone), 'AIDE').expect(200);
    const answer = /<Message>(.*)<\/Message>/.exec(aide.text)![1].replaceAll('&amp;', '&');
    expect(answer).toBe(
      `${OPERATOR.OPERATOR_NAME} : Rénovations Côté & Fils Québec vous demande votre avis. ` +
        `Répondez ARRET pour cesser. Aide : ${OPERATOR.OPERATOR_CONTACT}`,
    );
    expect(smsSize(answer)).toEqual({ encoding: 'UCS-2', segments: 2 });
  });

  it('the same MessageSid twice is recorded once and answered the same', async () => {
    const phone = newPhone();
    const sid = messageSid();
    const first = await text(sms.bed.t.http, e164(phone), 'HELP', { sid }).expect(200);
    // The provider's retry carries the same MessageSid; whatever its body, the first answer holds.
    const again = await text(sms.bed.t.http, e164(phone), 'HELP', { sid }).expect(200);
    expect(again.text).toBe(first.text);
    const rows = await sms.bed.t.dataSource.query(`SELECT kind FROM inbound_sms WHERE message_sid = $1`, [sid]);
    expect(rows).toEqual([{ kind: 'HELP' }]);

    await textedBy(sms.bed.t, vendors[0], phone);
    const stopSid = messageSid();
    await text(sms.bed.t.http, e164(phone), 'STOP', { sid: stopSid }).expect(200);
    await text(sms.bed.t.http, e164(phone), 'START').expect(200);
    // A retried STOP arriving after START changes nothing: it was recorded already.
    await text(sms.bed.t.http, e164(phone), 'STOP', { sid: stopSid }).expect(200);
    await askReview(vendors[0], phone).expect(201);
  });
});
