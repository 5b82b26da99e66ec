import request from 'supertest';
import twilio from 'twilio';
import { notificationsConfig } from '../../src/config/notifications.config';
import { twilioSignature } from '../../src/sms-inbound/twilio-signature';
import { createTestApp, withConfig } from '../support/test-app';
import {
  type Fields,
  PUBLIC_BASE_URL,
  SHARED_SENDER,
  SMS_AUTH_TOKEN,
  e164,
  messageSid,
  paramsOf,
  postFields,
  providerSignature,
  text,
  useSmsTestBed,
} from '../support/sms-inbound';
import { VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(60_000);

const sms = useSmsTestBed('sms_signature');

const URL = `${PUBLIC_BASE_URL}/sms/inbound`;
const PHONE = '416-555-2001';

/** Fields with accents, emoji, characters the form encoding escapes, and a name sent three times. */
const AWKWARD: Fields = [
  ['MessageSid', 'SM0000000000000000000000000000aw01'],
  ['From', e164(PHONE)],
  ['To', SHARED_SENDER],
  ['Body', 'Merci beaucoup, très bon travail 👍🏽 & à bientôt +1 = 100%'],
  ['MediaUrl0', 'https://media.example/a?b=c&d=é'],
  ['Zeta', 'b'],
  ['Zeta', 'a'],
  ['Zeta', 'b'],
  ['Émoji', '🏠'],
];

const storedRows = (sid: string): Promise<unknown[]> =>
  sms.bed.t.dataSource.query('SELECT id FROM inbound_sms WHERE message_sid = $1', [sid]);

describe('X-Twilio-Signature (e2e)', () => {
  it('is computed as the provider’s own library computes it, accents, emoji and repeated names included', () => {
    const params = paramsOf(AWKWARD);
    const ours = twilioSignature(SMS_AUTH_TOKEN, URL, params);
    expect(ours).toBe(twilio.getExpectedTwilioSignature(SMS_AUTH_TOKEN, URL, params));
    expect(twilio.validateRequest(SMS_AUTH_TOKEN, ours, URL, params)).toBe(true);
    expect(twilioSignature(SMS_AUTH_TOKEN, `${URL}?a=1`, params)).toBe(
      twilio.getExpectedTwilioSignature(SMS_AUTH_TOKEN, `${URL}?a=1`, params),
    );
  });

  it('admits the provider’s signed call, over the public URL, awkward fields and all', async () => {
    const res = await postFields(sms.bed.t.http, AWKWARD).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    const [row] = await sms.bed.t.dataSource.query('SELECT body, phone FROM inbound_sms WHERE message_sid = $1', [
      AWKWARD[0][1],
    ]);
    expect(row).toEqual({ body: AWKWARD[3][1], phone: PHONE });
  });

  it('signs the query too', async () => {
    const fields: Fields = [
      ['MessageSid', messageSid()],
      ['From', e164(PHONE)],
      ['To', SHARED_SENDER],
      ['Body', 'Hi'],
    ];
    await postFields(sms.bed.t.http, fields, { path: '/sms/inbound?site=toronto' }).expect(200);
    const unsigned = providerSignature(fields); // the same call signed without its query
    await postFields(sms.bed.t.http, fields, { path: '/sms/inbound?site=toronto', signature: unsigned }).expect(403);
  });

  let forgeries = 0;
  it.each([
    ['missing', null],
    ['empty', ''],
    ['shortened by one character', 'shortened'],
    ['made with another token', providerSignature([['Body', 'STOP']], URL, 'another-token')],
    ['of another body', providerSignature([['Body', 'Hello']])],
    ['over the internal address instead of the public one', 'internal'],
  ])('refuses a signature %s with a 403, recording and changing nothing', async (_, forged) => {
    // A phone each: one pool number serves one vendor per phone.
    const phone = `416-555-${2002 + ++forgeries}`;
    const sid = messageSid();
    const fields: Fields = [
      ['MessageSid', sid],
      ['From', e164(phone)],
      ['To', SHARED_SENDER],
      ['Body', 'STOP'],
    ];
    const signature =
      forged === 'internal'
        ? providerSignature(fields, `http://127.0.0.1/sms/inbound`)
        : forged === 'shortened'
          ? providerSignature(fields).slice(0, -1)
          : forged;
    const res = await postFields(sms.bed.t.http, fields, { signature }).expect(403);
    expect(res.body).toEqual({
      success: false,
      error: 'X-Twilio-Signature is missing or does not match this request.',
    });
    expect(await storedRows(sid)).toEqual([]);
    const vendor = await sms.bed.vendor({ features: ['enableStandaloneReviewBooster'] });
    await request(sms.bed.t.http)
      .post(`${V}/review-requests`)
      .set(vendor.auth)
      .send({ firstName: 'Al', phone })
      .expect(201);
  });

  it('answers bad input clearly: 415 for a body that is not a form, 400 for a missing From, Body or MessageSid, 413 when too large', async () => {
    const json = await request(sms.bed.t.http)
      .post('/sms/inbound')
      .set('X-Twilio-Signature', providerSignature([]))
      .send({ From: e164(PHONE), Body: 'Hi' })
      .expect(415);
    expect(json.body.success).toBe(false);
    for (const missing of ['From', 'Body', 'MessageSid']) {
      const fields: Fields = [
        ['MessageSid', messageSid()],
        ['From', e164(PHONE)],
        ['To', SHARED_SENDER],
        ['Body', 'Hi'],
      ];
      const res = await postFields(
        sms.bed.t.http,
        fields.filter(([name]) => name !== missing),
      ).expect(400);
      expect(res.body.details).toEqual([{ field: missing, message: `${missing} is required.` }]);
    }
    await text(sms.bed.t.http, e164(PHONE), 'x'.repeat(200_000)).expect(413);
  });

  it('keeps a text from a sender that is not a phone number as it was given', async () => {
    const sid = messageSid();
    await text(sms.bed.t.http, 'Rogers', 'STOP', { sid }).expect(200);
    const [row] = await sms.bed.t.dataSource.query(
      'SELECT sender, phone, kind FROM inbound_sms WHERE message_sid = $1',
      [sid],
    );
    expect(row).toEqual({ sender: 'Rogers', phone: null, kind: 'REPLY' });
  });

  // Last: the app started here becomes the transaction host of @Transactional() for the process.
  it('is 404 on a server with no SMS settings', async () => {
    const bare = await createTestApp({ config: [withConfig(notificationsConfig, { sms: undefined })] });
    try {
      const res = await text(bare.http, e164(PHONE), 'STOP').expect(404);
      expect(res.body).toEqual({ success: false, error: 'Text messages are not configured on this server.' });
    } finally {
      await bare.close();
    }
  });
});
