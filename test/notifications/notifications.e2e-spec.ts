import { TransactionHost } from '@nestjs-cls/transactional';
import { OutboxNotification } from '../../src/notifications/entities/outbox-notification.entity';
import { NotificationsService } from '../../src/notifications/notifications.service';
import {
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
  afterEach(() => h.restoreServers());

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
