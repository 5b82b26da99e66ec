import { type AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { PROVIDER_TEXT_MAX, providerText } from './delivery-failure';
import { classifySmtpError } from './smtp-email.sender';
import { backoffDelayMs, parseRetryAfter } from '../../common/retry/retry-policy';
import { TwilioSmsSender, classifySmsResponse, toE164 } from './twilio-sms.sender';
import type { OutgoingMessage } from './message-sender';
import { maskRecipient } from './log.sender';

const settings = { backoffBaseMs: 1000, backoffMaxMs: 10_000 };

describe('backoffDelayMs', () => {
  it('doubles from the base, caps at the maximum, and jitters within the upper half', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelayMs(attempt, settings, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(backoffDelayMs(3, settings, () => 0)).toBe(2000);
    expect(backoffDelayMs(1000, settings, () => 0.5)).toBe(7500);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores what it cannot read', () => {
    const now = Date.parse('2026-11-21T20:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 20:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 19:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('classifySmtpError', () => {
  const smtpError = (fields: object) => Object.assign(new Error('x'), fields);

  it('fails a 5xx rejection of the recipient or message permanently, keeping the server reply', () => {
    const failure = classifySmtpError(
      smtpError({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 No such user' }),
    );
    expect(failure).toMatchObject({
      code: 'REFUSED',
      permanent: true,
      reason: 'The mail server answered: 550 5.1.1 No such user',
    });
  });

  it('keeps the reply sanitised: one line, no recipient, no address or name of our mail server, bounded', () => {
    const response =
      '550-5.1.1 <jane@customer.example>: Recipient address rejected\r\n550 5.1.1 relay.corp.internal ' +
      '[10.0.3.7]:25 via [IPv6:2001:db8::7] at 12:30:45' +
      ' and more'.repeat(50);
    const failure = classifySmtpError(smtpError({ code: 'EENVELOPE', responseCode: 550, response }), {
      serverHost: 'Relay.Corp.Internal',
      recipient: 'Jane@Customer.example',
    });
    expect(failure.reason).toMatch(
      /^The mail server answered: 550-5\.1\.1 <\[recipient\]>: Recipient address rejected 550 5\.1\.1 \[server\] \[\[address\]\]:25 via \[\[address\]\] at 12:30:45 and more/,
    );
    expect(failure.reason).toMatch(/…$/);
    expect(failure.reason).toHaveLength('The mail server answered: '.length + PROVIDER_TEXT_MAX);
  });

  it('retries 4xx replies, connection errors, timeouts and authentication failures', () => {
    for (const fields of [
      { code: 'EENVELOPE', responseCode: 451, response: '451 try later' },
      { code: 'EAUTH', responseCode: 535, response: '535 bad credentials' },
      { code: 'ESOCKET', originalCode: 'ECONNREFUSED' },
      { code: 'EABORT' },
    ]) {
      expect(classifySmtpError(smtpError(fields)).permanent).toBe(false);
    }
    expect(classifySmtpError(smtpError({ code: 'ESOCKET', originalCode: 'ECONNREFUSED' }))).toMatchObject({
      code: 'UNREACHABLE',
      reason: 'Could not reach the mail server (ECONNREFUSED).',
    });
    expect(classifySmtpError(smtpError({ code: 'EABORT' })).code).toBe('TIMEOUT');
    expect(classifySmtpError(smtpError({ code: 'EENVELOPE', responseCode: 451, response: '451 try later' })).code).toBe(
      'PROVIDER_ERROR',
    );
  });

  it("classes each failure by the server's reply class or how the server could not be reached", () => {
    const classOf = (fields: object) => classifySmtpError(smtpError(fields)).providerCode;
    expect(classOf({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 No such user' })).toBe('smtp_5xx');
    expect(classOf({ code: 'EAUTH', responseCode: 535 })).toBe('smtp_5xx');
    expect(classOf({ code: 'EENVELOPE', responseCode: 451 })).toBe('smtp_4xx');
    expect(classOf({ code: 'EPROTOCOL', responseCode: 999 })).toBe('smtp_other');
    expect(classOf({ code: 'ESOCKET', originalCode: 'ECONNREFUSED' })).toBe('smtp_connection');
    expect(classOf({ code: 'EABORT' })).toBe('smtp_timeout');
  });
});

describe('providerText', () => {
  it('hides IPv4 and IPv6 addresses but not what only looks like one', () => {
    expect(providerText('from 192.168.1.20, ::1 and fe80::1%eth0; 5.1.1 at 12:30:45, 999.1.1.1')).toBe(
      'from [address], [address] and [address]%eth0; 5.1.1 at 12:30:45, 999.1.1.1',
    );
  });

  it('cuts at whole characters', () => {
    const text = providerText('😀'.repeat(300));
    expect(Array.from(text)).toHaveLength(PROVIDER_TEXT_MAX);
    expect(text.endsWith('😀…')).toBe(true);
  });
});

describe('classifySmsResponse', () => {
  it('retries 429 (honouring Retry-After), 408 and 5xx; fails other 4xx at once with the provider message', () => {
    expect(classifySmsResponse(429, '{}', '7')).toMatchObject({
      code: 'PROVIDER_ERROR',
      permanent: false,
      retryAfterMs: 7000,
    });
    expect(classifySmsResponse(503, 'Service Unavailable', null)).toMatchObject({
      permanent: false,
      reason: 'The SMS provider answered HTTP 503.',
    });
    expect(classifySmsResponse(408, '', null).permanent).toBe(false);
    expect(
      classifySmsResponse(
        400,
        JSON.stringify({ code: 21211, message: "The 'To' number +14165550142 is not valid." }),
        null,
        { recipient: '416-555-0142' },
      ),
    ).toMatchObject({
      code: 'REFUSED',
      permanent: true,
      reason: "The SMS provider answered HTTP 400 (error 21211): The 'To' number [recipient] is not valid.",
    });
    expect(
      classifySmsResponse(
        400,
        JSON.stringify({ code: 'x', message: 'Bad\nrequest from api.sms.internal (10.1.1.1)' }),
        null,
        { serverHost: 'api.sms.internal' },
      ).reason,
    ).toBe('The SMS provider answered HTTP 400: Bad request from [server] ([address])');
    expect(classifySmsResponse(401, '', null).permanent).toBe(true);
  });

  it("classes each refusal by Twilio's error code when it is a listed one, never by the provider's text", () => {
    const classOf = (status: number, body: object | string) =>
      classifySmsResponse(status, typeof body === 'string' ? body : JSON.stringify(body), null).providerCode;
    expect(classOf(400, { code: 21211, message: 'Invalid To' })).toBe('twilio_21211');
    expect(classOf(400, { code: 21610, message: 'Unsubscribed' })).toBe('twilio_21610');
    expect(classOf(429, { code: 20429, message: 'Too many requests' })).toBe('twilio_20429');
    expect(classOf(400, { code: 99999, message: 'Something new' })).toBe('twilio_other');
    expect(classOf(400, { code: '21211', message: 'A string code' })).toBe('twilio_other');
    expect(classOf(400, 'Bad request')).toBe('twilio_other');
    expect(classOf(503, 'Service Unavailable')).toBe('twilio_5xx');
  });

  it('classes a provider it could not reach as twilio_connection', async () => {
    // Nothing listens on port 1 of the loopback: the connection is refused at once.
    const sender = new TwilioSmsSender({
      apiBaseUrl: 'http://127.0.0.1:1',
      accountSid: 'AC1',
      authToken: 'token',
      from: '+15005550006',
      sendTimeoutMs: 2000,
    });
    const message = { id: 1, recipient: '416-555-0142', text: 'Hi', messageKey: 'k' } as OutgoingMessage;
    await expect(sender.send(message)).rejects.toMatchObject({
      code: 'UNREACHABLE',
      providerCode: 'twilio_connection',
    });
  });

  it('classes a provider that takes the request but does not answer in time as twilio_timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const sender = new TwilioSmsSender({
      apiBaseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      accountSid: 'AC1',
      authToken: 'token',
      from: '+15005550006',
      sendTimeoutMs: 50,
    });
    const message = { id: 1, recipient: '416-555-0142', text: 'Hi', messageKey: 'k' } as OutgoingMessage;
    try {
      await expect(sender.send(message)).rejects.toMatchObject({ code: 'TIMEOUT', providerCode: 'twilio_timeout' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('recipients', () => {
  it('turns xxx-xxx-xxxx into E.164 and masks recipients for the log', () => {
    expect(toE164('416-555-1234')).toBe('+14165551234');
    expect(() => toE164('555-1234')).toThrow();
    expect(maskRecipient('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskRecipient('416-555-1234')).toBe('***-***-1234');
  });
});
