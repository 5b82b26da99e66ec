import request from 'supertest';
import { gsmSegments } from '../support/gsm-03-38';
import { repliesOf, textedBy } from '../support/sms-conversations';
import { OPERATOR, SHARED_SENDER, e164, text, useSmsTestBed } from '../support/sms-inbound';
import { type Account } from '../support/own-database-app';
import { VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(180_000);

// Two numbers: the other vendor, asking after the writer, texts the phone from a number of its own.
const sms = useSmsTestBed('sms_keyword_table', { SMS_FROM: `${SHARED_SENDER},+15005550007` });
let writer: Account;
let other: Account;
beforeAll(async () => {
  [writer, other] = await Promise.all(
    [0, 1].map(() => sms.bed.vendor({ features: ['enableStandaloneReviewBooster'] })),
  );
});

let lastPhone = 0;
const newPhone = (): string => `450-555-${1000 + ++lastPhone}`;
const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * What a text does: `stop` opts out and the provider confirms (we answer nothing); `stop, confirmed`
 * opts out with our confirmation; `stop, kept` also keeps the text as the customer's reply; `reply` is
 * a reply only; `start` and `help` the other keywords.
 */
type Outcome = 'stop' | 'stop, confirmed' | 'stop, kept' | 'reply' | 'start' | 'help';

const SPELLINGS: [string, Outcome][] = [
  ['STOP', 'stop'],
  ['stop', 'stop'],
  ['Stop', 'stop'],
  ['STOP.', 'stop'],
  ['STOP!', 'stop'],
  ['stop!!!', 'stop'],
  ['  Stop  ', 'stop'],
  ['Stop.\n', 'stop'],
  ['"STOP"', 'stop'],
  ['ＳＴＯＰ', 'stop'],
  ['STOP\u200b', 'stop'],
  ['\u200bSTOP', 'stop'],
  ['\ufeffStop', 'stop'],
  ['S\u00adTOP', 'stop'],
  ['STOP 🛑', 'stop'],
  ['🛑 stop', 'stop'],
  ['StopAll', 'stop'],
  ['UNSUBSCRIBE', 'stop'],
  ['unsubscribe.', 'stop'],
  ['Cancel', 'stop'],
  ['END', 'stop'],
  ['Quit!', 'stop'],
  ['REVOKE', 'stop'],
  ['revoke', 'stop'],
  ['OPTOUT', 'stop'],
  ['OptOut', 'stop'],
  ['ARRET', 'stop'],
  ['ARRÊT', 'stop'],
  ['arrêt!', 'stop'],
  ['Arrête', 'stop'],
  ['ＡＲＲＥＴ', 'stop'],
  ['OPT OUT', 'stop, confirmed'],
  ['opt-out', 'stop, confirmed'],
  ['Opt   out', 'stop, confirmed'],
  ['REMOVE', 'stop, confirmed'],
  ['remove.', 'stop, confirmed'],
  ['TD', 'stop, confirmed'],
  ['Arrêter', 'stop, confirmed'],
  ['arreter', 'stop, confirmed'],
  ['Désabonner', 'stop, confirmed'],
  ['DESINSCRIRE', 'stop, confirmed'],
  ['désinscrire!', 'stop, confirmed'],
  ['Stop please', 'stop, kept'],
  ['stop texting me', 'stop, kept'],
  ['Please STOP!', 'stop, kept'],
  ['Stop, thanks 🙏', 'stop, kept'],
  ['STOP STOP STOP', 'stop, kept'],
  ['I said stop', 'stop, kept'],
  ['please opt out', 'stop, kept'],
  ['remove me please', 'stop, kept'],
  ['Arrêt svp', 'stop, kept'],
  ['SVP ARRET', 'stop, kept'],
  ['Arrêter les textos', 'stop, kept'],
  ['désabonner moi svp', 'stop, kept'],
  ['Stop by tomorrow at five please', 'reply'],
  ['nonstop', 'reply'],
  ['Ne pas arrêter les travaux svp', 'reply'],
  ['Thanks, great job!', 'reply'],
  ['stopped by yesterday', 'reply'],
  ['Unstoppable crew', 'reply'],
  ['STOPS', 'reply'],
  ['S T O P', 'reply'],
  ['st0p', 'reply'],
  ['Stopover', 'reply'],
  ['quitting', 'reply'],
  ['Can you stop by tomorrow around noon?', 'reply'],
  ['Start date?', 'reply'],
  ['Helpful team', 'reply'],
  ['Aidez-moi', 'reply'],
  ['START', 'start'],
  ['start!', 'start'],
  ['Unstop', 'start'],
  ['yes.', 'start'],
  ['Ｓｔａｒｔ', 'start'],
  ['HELP', 'help'],
  ['help?', 'help'],
  ['INFO', 'help'],
  ['Aide', 'help'],
  ['AIDE!', 'help'],
  ['ａｉｄｅ', 'help'],
];

const askReview = (vendor: Account, phone: string) =>
  request(sms.bed.t.http).post(`${V}/review-requests`).set(vendor.auth).send({ firstName: 'Sam', phone });

describe('Keywords as people type them (e2e)', () => {
  it('the table holds at least 60 spellings, some of every outcome', () => {
    expect(SPELLINGS.length).toBeGreaterThanOrEqual(60);
    const outcomes = new Set(SPELLINGS.map(([, outcome]) => outcome));
    expect(outcomes.size).toBe(6);
  });

  it.each(SPELLINGS)('%j: %s', async (body, outcome) => {
    const phone = newPhone();
    const processId = await textedBy(sms.bed.t, writer, phone);
    const res = await text(sms.bed.t.http, e164(phone), body).expect(200);
    const answer = res.text;

    const optsOut = outcome.startsWith('stop');
    await askReview(other, phone).expect(optsOut ? 409 : 201);
    const kept = outcome === 'reply' || outcome === 'stop, kept';
    expect(await repliesOf(sms.bed.t, writer, processId)).toEqual(kept ? [body] : []);

    if (outcome === 'stop' || outcome === 'reply' || outcome === 'start') expect(answer).toBe(EMPTY);
    if (outcome === 'stop, confirmed' || outcome === 'stop, kept') {
      expect(answer).toContain(OPERATOR.OPERATOR_NAME);
      expect(answer).toContain('START');
    }
    if (outcome === 'help') {
      const message = /<Message>(.*)<\/Message>/s.exec(answer)![1];
      expect(message).toContain(OPERATOR.OPERATOR_NAME);
      expect(message).toContain(writer.entity.vendorName);
      expect(gsmSegments(message).encoding).toBe('GSM-7');
      expect(gsmSegments(message).segments).toBeLessThanOrEqual(2);
    }
  });

  it('confirms a short opt-out in the language of the conversation it answers', async () => {
    const phone = newPhone();
    await textedBy(sms.bed.t, writer, phone, { locale: 'fr' });
    const res = await text(sms.bed.t.http, e164(phone), 'Stop please').expect(200);
    expect(res.text).toContain('vous ne recevrez plus aucun texto de notre part');
    expect(res.text).toContain('START');
  });
});
