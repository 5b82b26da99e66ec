import { TransactionHost } from '@nestjs-cls/transactional';
import { OutboxNotification } from '../../src/notifications/entities/outbox-notification.entity';
import { NotificationsService } from '../../src/notifications/notifications.service';
import {
  MAX_ATTEMPTS,
  NotificationHarness,
  deliveryStatuses,
  enqueue,
  eventually,
  row,
  statusIs,
} from '../support/notification-harness';
import { IDEMPOTENCY_HEADER } from '../support/sms-provider-stub';
import type { TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const h = new NotificationHarness('notify');
const notification = h.notification.bind(h);

beforeAll(() => h.start());
afterAll(() => h.stop());

describe('Notifications on one instance (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await h.bootApp();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await h.sink.listen();
    h.sink.rejectRecipient = () => undefined;
    h.sink.onData = () => undefined;
    h.sms.respond = () => ({ status: 201, body: { sid: 'SM0001', status: 'queued' } });
  });

  it('e-mails the recipient the custom message with its merge fields, link, unsubscribe link and headers', async () => {
    const n = notification({
      mergeFields: { ...notification().mergeFields, firstName: 'Jane <b>"JJ"</b>', vendorName: 'Bob & Sons' },
      customMessage: 'Hello {firstName},\n\n{vendorName} would love your review: {link}\nThank you!',
      replyTo: 'office@bob-and-sons.test',
    });
    await enqueue(t, n);

    const [mail] = await eventually(() => h.sink.to(n.recipient).length > 0 && h.sink.to(n.recipient), 'the e-mail');
    const { parsed } = mail;
    const header = (name: string) => parsed.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');
    expect(mail.to).toEqual([n.recipient]);
    expect(header('to')).toBe(`To: ${n.recipient}`);
    // The vendor is who writes, through the operator; the customer's reply goes to the vendor.
    expect(header('from')).toBe('From: "Bob & Sons via Leads Co" <reviews@mail.test>');
    expect(header('reply-to')).toBe('Reply-To: office@bob-and-sons.test');
    expect(parsed.subject).toBe('Would you review Bob & Sons?');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${n.mergeFields.unsubscribeLink}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(parsed.messageId).toBe(`<${(await row(t, n)).messageKey}@mail.test>`);

    expect(parsed.text).toContain(
      `Hello Jane <b>"JJ"</b>,\n\nBob & Sons would love your review: ${n.mergeFields.link}\nThank you!`,
    );
    expect(parsed.text).toContain(`To stop receiving these messages: ${n.mergeFields.unsubscribeLink}`);
    const html = parsed.html as string;
    expect(html).toContain('Hello Jane &lt;b&gt;&quot;JJ&quot;&lt;/b&gt;,</p>');
    expect(html).toContain('Bob &amp; Sons would love your review: ');
    expect(html).toContain(
      `<a class="link" href="${n.mergeFields.link}" style="color:#0b57d0;word-break:break-all">${n.mergeFields.link}</a>`,
    );
    expect(html).toMatch(
      new RegExp(`<a href="${n.mergeFields.unsubscribeLink}" style="display:inline-block;[^"]*">Unsubscribe</a>`),
    );
    expect(html).not.toContain('<b>');

    await eventually(statusIs(t, n, 'SENT'), 'SENT');
    const [status] = (await deliveryStatuses(t, 'REVIEW_REQUEST', [n.subjectId])).get(n.subjectId)!;
    expect(status).toEqual({
      channel: 'EMAIL',
      status: 'SENT',
      attempts: 1,
      errorCode: null,
      lastError: null,
      sentAt: expect.any(Date),
      nextAttemptAt: null,
    });
  });

  it('uses the default template of the purpose when the vendor has no custom message', async () => {
    const n = notification({ purpose: 'FEEDBACK_REQUEST', customMessage: null });
    await enqueue(t, n);
    const [mail] = await eventually(() => h.sink.to(n.recipient).length > 0 && h.sink.to(n.recipient), 'the e-mail');
    expect(mail.parsed.subject).toBe('How did Acme Renovations do?');
    expect(mail.parsed.text).toMatch(/^Hi Jane,\n\nThank you for choosing Acme Renovations\. How did we do\?/);
    expect(mail.parsed.text).toContain(`\n${n.mergeFields.link}\n`);
  });

  it('texts the E.164 number through the provider API with From, the text, its one link and the opt-out line', async () => {
    const n = notification({
      channel: 'SMS',
      recipient: '416-555-0101',
      customMessage: '{vendorName}: rate us {firstName}!',
    });
    await enqueue(t, n);

    const [request] = await eventually(
      () => h.sms.to('+14165550101').length > 0 && h.sms.to('+14165550101'),
      'the SMS',
    );
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789:sms-auth-token').toString('base64')}`,
    );
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    // A retry after a crash repeats the token, and the provider does not send the message twice.
    expect(request.headers[IDEMPOTENCY_HEADER]).toBe((await row(t, n)).messageKey);
    expect(request.form).toEqual({
      To: '+14165550101',
      From: '+15005550006',
      Body: `Acme Renovations: rate us Jane! ${n.mergeFields.link}\n` + 'Reply STOP to opt out.',
    });
    await eventually(statusIs(t, n, 'SENT'), 'SENT');
  });

  it('reports the status of every message of each request, e-mail first, an empty list for none', async () => {
    const email = notification({ purpose: 'REFERRAL_REQUEST' });
    const text = notification({ ...email, channel: 'SMS', recipient: '416-555-0102' });
    await enqueue(t, text, email);
    await eventually(async () => (await statusIs(t, email, 'SENT')()) && statusIs(t, text, 'SENT')(), 'both SENT');

    const statuses = await deliveryStatuses(t, 'REFERRAL_REQUEST', [email.subjectId, 999_999]);
    expect([...statuses.keys()]).toEqual([email.subjectId, 999_999]);
    expect(statuses.get(email.subjectId)!.map((s) => [s.channel, s.status])).toEqual([
      ['EMAIL', 'SENT'],
      ['SMS', 'SENT'],
    ]);
    expect(statuses.get(999_999)).toEqual([]);
    expect((await deliveryStatuses(t, 'FEEDBACK_REQUEST', [email.subjectId])).get(email.subjectId)).toEqual([]);
  });

  it('sends one e-mail after another over the connection it keeps open to the mail server', async () => {
    const before = h.sink.connections;
    for (let i = 0; i < 3; i++) {
      const n = notification();
      await enqueue(t, n);
      await h.expectDeliveredOnce(t, n);
    }
    expect(h.sink.connections - before).toBeLessThanOrEqual(1);
  });

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

  it('sends nothing for a producer transaction that rolls back', async () => {
    const n = notification();
    await expect(
      t.app.get(TransactionHost).withTransaction(async () => {
        await t.app.get(NotificationsService).enqueue(n);
        throw new Error('the producer failed after queuing');
      }),
    ).rejects.toThrow('the producer failed after queuing');
    expect(await t.dataSource.getRepository(OutboxNotification).countBy({ subjectId: n.subjectId })).toBe(0);
    // The worker, woken by a later commit, delivers that message and nothing for the rolled-back one.
    const later = notification();
    await enqueue(t, later);
    await h.expectDeliveredOnce(t, later);
    expect(h.sink.to(n.recipient)).toHaveLength(0);
  });

  it('queues one message per request and channel: a repeated enqueue is ignored', async () => {
    const n = notification();
    await enqueue(t, n);
    await enqueue(t, { ...n, recipient: 'someone-else@customer.test' });
    await h.expectDeliveredOnce(t, n);
    expect(h.sink.to('someone-else@customer.test')).toHaveLength(0);
  });

  it('refuses what no provider should get: a bad recipient or a non-http link', async () => {
    const service = t.app.get(NotificationsService);
    await expect(service.enqueue(notification({ recipient: 'a@b.test, c@d.test' }))).rejects.toThrow(
      /not a valid e-mail address/,
    );
    await expect(service.enqueue(notification({ channel: 'SMS', recipient: '+1 416 555 0101' }))).rejects.toThrow(
      /xxx-xxx-xxxx/,
    );
    const bad = notification();
    await expect(
      service.enqueue({
        ...bad,
        mergeFields: { ...bad.mergeFields, link: 'javascript:alert(1)' },
      }),
    ).rejects.toThrow(/link must be an http\(s\) URL/);
  });
});
