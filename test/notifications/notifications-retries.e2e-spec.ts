import {
  MAX_ATTEMPTS,
  NotificationHarness,
  deliveryStatuses,
  enqueue,
  eventually,
  row,
  statusIs,
} from '../support/notification-harness';
import type { TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const h = new NotificationHarness('notify_retries');
const notification = h.notification.bind(h);

beforeAll(() => h.start());
afterAll(() => h.stop());

describe('Notifications on one instance (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await h.bootApp();
  });
  afterAll(() => t.close());
  afterEach(() => h.restoreServers());

  it('retries while the SMTP server is down and delivers exactly once when it is back', async () => {
    await h.sink.stop();
    const n = notification();
    await enqueue(t, n);

    const pending = await eventually(async () => {
      const r = await row(t, n);
      return r.attempts >= 2 && r;
    }, 'two failed attempts');
    expect(pending).toMatchObject({
      status: 'PENDING',
      lastErrorCode: 'UNREACHABLE',
      lastError: 'Could not reach the mail server (ECONNREFUSED).',
    });
    const [status] = (await deliveryStatuses(t, n.purpose, [n.subjectId])).get(n.subjectId)!;
    expect(status).toMatchObject({
      status: 'PENDING',
      errorCode: 'UNREACHABLE',
      lastError: pending.lastError,
      nextAttemptAt: expect.any(Date),
    });

    await h.sink.listen();
    expect(await h.expectDeliveredOnce(t, n)).toMatchObject({
      lastErrorCode: null,
      lastError: null,
      sentAt: expect.any(Date),
    });
  });

  it('abandons an attempt the mail server leaves unanswered (NOTIFY_SEND_TIMEOUT_MS), and tries again', async () => {
    const n = notification();
    let data = 0;
    h.sink.onData = (to) => (to.includes(n.recipient) && ++data === 1 ? { hold: true } : undefined);
    await enqueue(t, n);
    await eventually(statusIs(t, n, 'SENT'), 'SENT');
    // The worker hung up on the conversation the server never answered, then delivered on a new one.
    await eventually(() => h.sink.abandoned.some((to) => to.includes(n.recipient)), 'the held conversation closed');
    expect(await row(t, n)).toMatchObject({ attempts: 2 });
    expect(h.sink.to(n.recipient)).toHaveLength(1);
  });

  it('fails at once when the mail server rejects the recipient, telling the vendor why in a sanitised reply', async () => {
    const tail = ' Contact the postmaster of the relay for help.'.repeat(10);
    h.sink.rejectRecipient = (address) =>
      address.startsWith('customer-')
        ? `5.1.1 <${address}>: Recipient address rejected: unknown in the table of 10.20.30.40 (fe80::1)${tail}`
        : undefined;
    const n = notification();
    await enqueue(t, n);
    await eventually(statusIs(t, n, 'FAILED'), 'FAILED');

    const [status] = (await deliveryStatuses(t, n.purpose, [n.subjectId])).get(n.subjectId)!;
    expect(status).toMatchObject({ status: 'FAILED', attempts: 1, errorCode: 'REFUSED', sentAt: null });
    // Why the address bounced reaches the vendor; the recipient (masked where the text enters: it would
    // outlive an erasure), addresses of our network and an unbounded text do not.
    expect(status.lastError).toMatch(
      new RegExp(
        `^The mail server answered: 550 5\\.1\\.1 <\\[recipient\\]>: Recipient address rejected: ` +
          'unknown in the table of \\[address\\] \\(\\[address\\]\\) Contact the postmaster of the relay',
      ),
    );
    expect(status.lastError).toMatch(/…$/);
    expect(status.lastError!.length).toBeLessThanOrEqual('The mail server answered: '.length + 200);
    expect(h.sink.to(n.recipient)).toHaveLength(0);
  });

  it('ends FAILED after NOTIFY_MAX_ATTEMPTS when the provider keeps answering 503, with the last error', async () => {
    h.sms.respond = () => ({ status: 503, body: { code: 20503, message: 'Service unavailable' } });
    const n = notification({ channel: 'SMS', recipient: '416-555-0103' });
    await enqueue(t, n);
    await eventually(statusIs(t, n, 'FAILED'), 'FAILED');
    expect(await row(t, n)).toMatchObject({
      attempts: MAX_ATTEMPTS,
      lastErrorCode: 'PROVIDER_ERROR',
      lastError: 'The SMS provider answered HTTP 503 (error 20503): Service unavailable',
    });
    // FAILED is final: no worker claims the message again, so these are all of its requests.
    expect(h.sms.to('+14165550103')).toHaveLength(MAX_ATTEMPTS);
  });

  it('waits as long as a 429 Retry-After says before trying again', async () => {
    let calls = 0;
    h.sms.respond = () =>
      ++calls === 1
        ? { status: 429, headers: { 'Retry-After': '2' }, body: { code: 20429, message: 'Too Many Requests' } }
        : { status: 201, body: { sid: 'SM0002', status: 'queued' } };
    const n = notification({ channel: 'SMS', recipient: '416-555-0104' });
    await enqueue(t, n);
    const waiting = await eventually(async () => {
      const r = await row(t, n);
      return r.attempts === 1 && r.lastError !== null && r;
    }, 'the retry scheduled');
    expect(waiting).toMatchObject({ status: 'PENDING', lastErrorCode: 'PROVIDER_ERROR' });
    // Both are the database's times: the retry is due 2 s after the attempt (the backoff alone is < 50 ms).
    expect(waiting.nextAttemptAt.getTime() - waiting.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(2000);

    await eventually(statusIs(t, n, 'SENT'), 'SENT');
    const sent = await row(t, n);
    expect(sent.attempts).toBe(2);
    expect(sent.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(waiting.nextAttemptAt.getTime());
    expect(h.sms.to('+14165550104')).toHaveLength(2);
  });

  it('fails at once when the provider refuses the request with a 4xx', async () => {
    h.sms.respond = () => ({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number." },
    });
    const n = notification({ channel: 'SMS', recipient: '416-555-0105' });
    await enqueue(t, n);
    await eventually(statusIs(t, n, 'FAILED'), 'FAILED');
    expect(await row(t, n)).toMatchObject({
      attempts: 1,
      lastErrorCode: 'REFUSED',
      lastError: "The SMS provider answered HTTP 400 (error 21211): The 'To' number is not a valid phone number.",
    });
    expect(h.sms.to('+14165550105')).toHaveLength(1);
  });
});
