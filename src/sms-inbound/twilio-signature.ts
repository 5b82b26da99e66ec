import { createHmac, timingSafeEqual } from 'node:crypto';

/** A form's fields as Express's `urlencoded` parser gives them: a name sent twice has a list of values. */
export type FormFields = Record<string, string | string[]>;

/**
 * `X-Twilio-Signature` as the provider computes it: base64 of HMAC-SHA1 keyed with the auth token over
 * the URL it called, followed by each parameter's name and value, names in order; a name sent several
 * times adds each of its distinct values, in order.
 */
export function twilioSignature(authToken: string, url: string, fields: FormFields): string {
  const signed = Object.keys(fields)
    .sort()
    .reduce((text, name) => {
      const value = fields[name];
      const values = Array.isArray(value) ? [...new Set(value)].sort() : [value];
      return text + values.map((one) => name + one).join('');
    }, url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/** Compared in constant time: the length of a signature is the algorithm's, not a secret. */
export function isTwilioSignature(
  given: string | undefined,
  authToken: string,
  url: string,
  fields: FormFields,
): boolean {
  if (!given) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, fields));
  const received = Buffer.from(given);
  return received.length === expected.length && timingSafeEqual(received, expected);
}
