import { isTwilioSignature, twilioSignature } from './twilio-signature';

const TOKEN = 'sms-auth-token';
const URL = 'https://reviews.example.com/sms/inbound';
const FIELDS = { From: '+14165550101', To: '+15005550006', Body: 'STOP' };

describe('isTwilioSignature', () => {
  const valid = twilioSignature(TOKEN, URL, FIELDS);

  it('admits the signature of the call', () => {
    expect(isTwilioSignature(valid, TOKEN, URL, FIELDS)).toBe(true);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['shortened by one character', valid.slice(0, -1)],
    ['its first ten characters', valid.slice(0, 10)],
    ['one character longer', `${valid}A`],
    ['of another body', twilioSignature(TOKEN, URL, { ...FIELDS, Body: 'START' })],
    ['made with another token', twilioSignature('another-token', URL, FIELDS)],
  ])('refuses a signature %s', (_case, given) => {
    expect(isTwilioSignature(given, TOKEN, URL, FIELDS)).toBe(false);
  });
});
