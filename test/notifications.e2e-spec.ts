import { TransactionHost } from '@nestjs-cls/transactional';
import { DeliveryStatus } from '../src/notifications/dto/delivery-status.response';
import { Logger } from '@nestjs/common';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EMAIL_SENDER, type MessageSender } from '../src/notifications/delivery/message-sender';
import { OutboxNotification } from '../src/notifications/entities/outbox-notification.entity';
import type { NewNotification, NotificationPurpose } from '../src/notifications/notification.types';
import { NotificationsService } from '../src/notifications/notifications.service';
import { createVendor } from './support/factories';
import { SmsProviderStub } from './support/sms-provider-stub';
import { SmtpSink } from './support/smtp-sink';
import { TestApp, createTestApp } from './support/test-app';
import { adminQuery, assertTestDatabase, databaseUrl } from './support/test-database';

jest.setTimeout(60_000);

// Workers of other test files' apps would deliver these messages too (to the log), so this file
// runs its apps on a database of its own.
const DATABASE = `${process.env.E2E_DATABASE_NAME}_notify`;
const MAX_ATTEMPTS = 6;

let sink: SmtpSink;
let sms: SmsProviderStub;
let vendorId: number | undefined;
let lastSubjectId = 0;
const nextSubjectId = (): number => ++lastSubjectId;

function settings(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl(DATABASE),
    SMTP_URL: sink.url,
    MAIL_FROM: 'Acme Reviews <reviews@mail.test>',
    SMS_API_BASE_URL: sms.baseUrl,
    SMS_ACCOUNT_SID: 'AC0123456789',
    SMS_AUTH_TOKEN: 'sms-auth-token',
    SMS_FROM: '+15005550006',
    NOTIFY_WORKER_ENABLED: 'true',
    NOTIFY_POLL_INTERVAL_MS: '50',
    NOTIFY_CONCURRENCY: '5',
    NOTIFY_BACKOFF_BASE_MS: '50',
    NOTIFY_BACKOFF_MAX_MS: '200',
    NOTIFY_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    NOTIFY_SEND_TIMEOUT_MS: '2000',
    NOTIFY_LEASE_MS: '6000',
    ...overrides,
  };
}

/**
 * An app instance on this file's database (its configuration is read from the environment at
 * boot); the first one also creates the vendor the messages belong to.
 */
async function bootApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  Object.assign(process.env, settings(overrides));
  const t = await createTestApp();
  vendorId ??= (await createVendor(t.app)).vendor.id;
  return t;
}

function notification(overrides: Partial<NewNotification> = {}): NewNotification {
  const subjectId = overrides.subjectId ?? nextSubjectId();
  if (!vendorId) throw new Error('Boot an app first: it creates the vendor.');
  return {
    vendorId,
    purpose: 'REVIEW_REQUEST',
    subjectId,
    channel: 'EMAIL',
    recipient: `customer-${subjectId}@customer.test`,
    mergeFields: {
      firstName: 'Jane',
      vendorName: 'Acme Renovations',
      link: `https://reviews.test/r/token-${subjectId}`,
      unsubscribeLink: `https://reviews.test/r/token-${subjectId}/unsubscribe`,
    },
    ...overrides,
  };
}

/** Each subject's messages as the vendor API shows them. */
async function deliveryStatuses(
  t: TestApp,
  purpose: NewNotification['purpose'],
  subjectIds: number[],
): Promise<Map<number, DeliveryStatus[]>> {
  const messages = await t.app.get(NotificationsService).messagesOf(purpose, subjectIds);
  return new Map([...messages].map(([id, rows]) => [id, rows.map((row) => DeliveryStatus.from(row))]));
}

/** The path producers take: enqueue inside their own transaction. */
function enqueue(t: TestApp, ...notifications: NewNotification[]): Promise<void> {
  return t.app.get(TransactionHost).withTransaction(async () => {
    for (const n of notifications) await t.app.get(NotificationsService).enqueue(n);
  });
}

async function row(t: TestApp, n: NewNotification): Promise<OutboxNotification> {
  return t.dataSource
    .getRepository(OutboxNotification)
    .findOneByOrFail({ purpose: n.purpose, subjectId: n.subjectId, channel: n.channel });
}

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

async function eventually<T>(probe: () => T | Promise<T>, what: string, timeoutMs = 15_000): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(25);
  }
}

const statusIs = (t: TestApp, n: NewNotification, status: string) => async () => (await row(t, n)).status === status;

/** Waits for SENT, then for several more poll intervals, and checks the sink holds exactly one copy. */
async function expectDeliveredOnce(t: TestApp, n: NewNotification): Promise<OutboxNotification> {
  await eventually(statusIs(t, n, 'SENT'), 'SENT');
  await sleep(400);
  expect(sink.to(n.recipient)).toHaveLength(1);
  return row(t, n);
}

beforeAll(async () => {
  assertTestDatabase(DATABASE);
  await adminQuery(`CREATE DATABASE ${DATABASE}`);
  [sink, sms] = await Promise.all([SmtpSink.start(), SmsProviderStub.start()]);
});

afterAll(async () => {
  await Promise.all([sink.stop(), sms.close()]);
  await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
});

describe('Notifications on one instance (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    sink.rejectRecipient = () => false;
    sink.onData = () => undefined;
    sms.respond = () => ({ status: 201, body: { sid: 'SM0001', status: 'queued' } });
  });

  it('e-mails the recipient the custom message with its merge fields, link, unsubscribe link and headers', async () => {
    const n = notification({
      mergeFields: { ...notification().mergeFields, firstName: 'Jane <b>"JJ"</b>', vendorName: 'Bob & Sons' },
      customMessage: 'Hello {firstName},\n\n{vendorName} would love your review: {link}\nThank you!',
    });
    await enqueue(t, n);

    const [mail] = await eventually(() => sink.to(n.recipient).length > 0 && sink.to(n.recipient), 'the e-mail');
    const { parsed } = mail;
    const header = (name: string) => parsed.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');
    expect(mail.to).toEqual([n.recipient]);
    expect(header('to')).toBe(`To: ${n.recipient}`);
    expect(header('from')).toBe('From: Acme Reviews <reviews@mail.test>');
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
    expect(html).toContain(`<a href="${n.mergeFields.link}" style="color:#1a5fb4">${n.mergeFields.link}</a>`);
    expect(html).toContain(`<a href="${n.mergeFields.unsubscribeLink}" style="color:#1a5fb4">Unsubscribe</a>`);
    expect(html).not.toContain('<b>');

    await eventually(statusIs(t, n, 'SENT'), 'SENT');
    const [status] = (await deliveryStatuses(t, 'REVIEW_REQUEST', [n.subjectId])).get(n.subjectId)!;
    expect(status).toEqual({
      channel: 'EMAIL',
      status: 'SENT',
      attempts: 1,
      lastError: null,
      sentAt: expect.any(Date),
      nextAttemptAt: null,
    });
  });

  it('uses the default template of the purpose when the vendor has no custom message', async () => {
    const n = notification({ purpose: 'FEEDBACK_REQUEST', customMessage: null });
    await enqueue(t, n);
    const [mail] = await eventually(() => sink.to(n.recipient).length > 0 && sink.to(n.recipient), 'the e-mail');
    expect(mail.parsed.subject).toBe('How did Acme Renovations do?');
    expect(mail.parsed.text).toMatch(/^Hi Jane,\n\nThank you for choosing Acme Renovations\. How did we do\?/);
    expect(mail.parsed.text).toContain(`\n${n.mergeFields.link}\n`);
  });

  it('texts the E.164 number through the provider API with From, the text, the link and the opt-out line', async () => {
    const n = notification({
      channel: 'SMS',
      recipient: '416-555-0101',
      customMessage: '{vendorName}: rate us {firstName}!',
    });
    await enqueue(t, n);

    const [request] = await eventually(() => sms.to('+14165550101').length > 0 && sms.to('+14165550101'), 'the SMS');
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789:sms-auth-token').toString('base64')}`,
    );
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.form).toEqual({
      To: '+14165550101',
      From: '+15005550006',
      Body:
        `Acme Renovations: rate us Jane! ${n.mergeFields.link}\n` +
        `Reply STOP or visit ${n.mergeFields.unsubscribeLink} to opt out.`,
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

  it('retries while the SMTP server is down and delivers exactly once when it is back', async () => {
    await sink.stop();
    const n = notification();
    await enqueue(t, n);

    const pending = await eventually(async () => {
      const r = await row(t, n);
      return r.attempts >= 2 && r;
    }, 'two failed attempts');
    expect(pending).toMatchObject({ status: 'PENDING', lastError: 'Could not reach the mail server (ECONNREFUSED).' });
    const [status] = (await deliveryStatuses(t, n.purpose, [n.subjectId])).get(n.subjectId)!;
    expect(status).toMatchObject({ status: 'PENDING', lastError: pending.lastError, nextAttemptAt: expect.any(Date) });

    await sink.listen();
    expect(await expectDeliveredOnce(t, n)).toMatchObject({ lastError: null, sentAt: expect.any(Date) });
  });

  it('abandons an attempt the mail server leaves unanswered after NOTIFY_SEND_TIMEOUT_MS, and tries again', async () => {
    const n = notification();
    let data = 0;
    sink.onData = (to) => (to.includes(n.recipient) && ++data === 1 ? { hold: true } : undefined);
    const enqueuedAt = Date.now();
    await enqueue(t, n);
    await eventually(statusIs(t, n, 'SENT'), 'SENT');
    expect(Date.now() - enqueuedAt).toBeGreaterThanOrEqual(2000);
    expect(await row(t, n)).toMatchObject({ attempts: 2 });
    expect(sink.to(n.recipient)).toHaveLength(1);
  });

  it('fails at once, without retrying, when the mail server rejects the recipient', async () => {
    sink.rejectRecipient = (address) => address.startsWith('customer-');
    const n = notification();
    await enqueue(t, n);
    await eventually(statusIs(t, n, 'FAILED'), 'FAILED');
    expect(await row(t, n)).toMatchObject({
      attempts: 1,
      lastError: expect.stringMatching(/^The mail server answered: 550 5\.1\.1 Recipient address rejected/),
      sentAt: null,
    });
    expect(sink.to(n.recipient)).toHaveLength(0);
  });

  it('ends FAILED after NOTIFY_MAX_ATTEMPTS when the provider keeps answering 503, with the last error', async () => {
    sms.respond = () => ({ status: 503, body: { code: 20503, message: 'Service unavailable' } });
    const n = notification({ channel: 'SMS', recipient: '416-555-0103' });
    await enqueue(t, n);
    await eventually(statusIs(t, n, 'FAILED'), 'FAILED');
    expect(await row(t, n)).toMatchObject({
      attempts: MAX_ATTEMPTS,
      lastError: 'The SMS provider answered HTTP 503 (error 20503): Service unavailable',
    });
    await sleep(300);
    expect(sms.to('+14165550103')).toHaveLength(MAX_ATTEMPTS);
  });

  it('waits as long as a 429 Retry-After says before trying again', async () => {
    let calls = 0;
    sms.respond = () =>
      ++calls === 1
        ? { status: 429, headers: { 'Retry-After': '1' }, body: { code: 20429, message: 'Too Many Requests' } }
        : { status: 201, body: { sid: 'SM0002', status: 'queued' } };
    const n = notification({ channel: 'SMS', recipient: '416-555-0104' });
    await enqueue(t, n);
    await eventually(statusIs(t, n, 'SENT'), 'SENT');
    const [first, second] = sms.to('+14165550104');
    expect(sms.to('+14165550104')).toHaveLength(2);
    expect(second.at - first.at).toBeGreaterThanOrEqual(950);
    expect((await row(t, n)).attempts).toBe(2);
  });

  it('fails at once when the provider refuses the request with a 4xx', async () => {
    sms.respond = () => ({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number." },
    });
    const n = notification({ channel: 'SMS', recipient: '416-555-0105' });
    await enqueue(t, n);
    await eventually(statusIs(t, n, 'FAILED'), 'FAILED');
    expect(await row(t, n)).toMatchObject({
      attempts: 1,
      lastError: "The SMS provider answered HTTP 400 (error 21211): The 'To' number is not a valid phone number.",
    });
    expect(sms.to('+14165550105')).toHaveLength(1);
  });

  it('sends nothing for a producer transaction that rolls back', async () => {
    const n = notification();
    await expect(
      t.app.get(TransactionHost).withTransaction(async () => {
        await t.app.get(NotificationsService).enqueue(n);
        throw new Error('the producer failed after queuing');
      }),
    ).rejects.toThrow('the producer failed after queuing');
    await sleep(500);
    expect(sink.to(n.recipient)).toHaveLength(0);
    expect(await t.dataSource.getRepository(OutboxNotification).countBy({ subjectId: n.subjectId })).toBe(0);
  });

  it('queues one message per request and channel: a repeated enqueue is ignored', async () => {
    const n = notification();
    await t.app.get(NotificationsService).enqueue(n);
    await enqueue(t, { ...n, recipient: 'someone-else@customer.test' });
    await expectDeliveredOnce(t, n);
    expect(sink.to('someone-else@customer.test')).toHaveLength(0);
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

describe('Notifications across restarts and instances (e2e)', () => {
  const apps: TestApp[] = [];
  const children: ChildProcess[] = [];
  const boot = async (overrides: Record<string, string> = {}) => {
    const app = await bootApp(overrides);
    apps.push(app);
    return app;
  };
  const purpose: NotificationPurpose = 'REVIEW_REQUEST';
  const LEASE_3S = { NOTIFY_LEASE_MS: '3000', NOTIFY_SEND_TIMEOUT_MS: '1000' };

  /** A message committed by an instance whose worker is off, as if the service died right after commit. */
  async function queuedWithoutWorker(): Promise<{ producer: TestApp; n: NewNotification }> {
    const producer = await boot({ NOTIFY_WORKER_ENABLED: 'false' });
    const n = notification();
    await enqueue(producer, n);
    return { producer, n };
  }

  /** The built server (`npm test` builds it first), as production runs it. */
  function startServer(overrides: Record<string, string>): ChildProcess {
    const main = join(__dirname, '..', 'dist', 'src', 'main.js');
    if (!existsSync(main)) throw new Error(`${main} is missing: run "npm run build" first (npm test does).`);
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, ...settings(overrides), PORT: '0', LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    children.push(child);
    return child;
  }

  afterEach(async () => {
    sink.onData = () => undefined;
    for (const child of children.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('delivers, once, a message committed while no worker was running', async () => {
    const { producer, n } = await queuedWithoutWorker();
    await sleep(300);
    expect(await row(producer, n)).toMatchObject({ status: 'PENDING', attempts: 0 });
    await producer.close();
    apps.splice(0);

    expect((await expectDeliveredOnce(await boot(), n)).attempts).toBe(1);
  });

  it('fails, rather than tries again, a message whose last permitted attempt never reported back', async () => {
    const { producer, n } = await queuedWithoutWorker();
    // As a worker leaves it when it dies during the last attempt: all attempts used, lease over.
    await producer.dataSource.query(
      `UPDATE notification_outbox SET attempts = $1 WHERE purpose = $2 AND subject_id = $3`,
      [MAX_ATTEMPTS, n.purpose, n.subjectId],
    );

    const worker = await boot();
    await eventually(statusIs(worker, n, 'FAILED'), 'FAILED');
    expect(await row(worker, n)).toMatchObject({
      attempts: MAX_ATTEMPTS,
      lastError: `Gave up: the last of ${MAX_ATTEMPTS} attempts was interrupted before it could report.`,
    });
    expect(sink.to(n.recipient)).toHaveLength(0);
  });

  it('writes messages to the log, recipient masked, and marks them SENT when SMTP and SMS are not set up', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log');
    const t = await boot({ SMTP_URL: '', MAIL_FROM: '', SMS_ACCOUNT_SID: '', SMS_AUTH_TOKEN: '', SMS_FROM: '' });
    const email = notification();
    const text = notification({ channel: 'SMS', recipient: '416-555-0106' });
    await enqueue(t, email, text);
    await eventually(async () => (await statusIs(t, email, 'SENT')()) && statusIs(t, text, 'SENT')(), 'both SENT');

    const entries = logged.mock.calls
      .map(([entry]) => entry as { msg?: string })
      .filter((entry) => typeof entry === 'object' && entry.msg?.includes('written to the log'));
    logged.mockRestore();
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: `c***@customer.test`,
          subject: 'Would you review Acme Renovations?',
          text: expect.stringContaining(email.mergeFields.link),
        }),
        expect.objectContaining({ to: '***-***-0106', text: expect.stringContaining('Reply STOP or visit') }),
      ]),
    );
    expect(JSON.stringify(entries)).not.toContain(email.recipient);
    expect(sink.to(email.recipient)).toHaveLength(0);
    expect(sms.to('+14165550106')).toHaveLength(0);
  });

  it('wakes the worker as soon as the producer commits, without waiting for the next poll', async () => {
    const t = await boot({ NOTIFY_POLL_INTERVAL_MS: '600000' });
    await sleep(200); // past the worker's first (empty) claim: from here on only a nudge wakes it
    const n = notification();
    const committedAt = Date.now();
    await enqueue(t, n);
    await eventually(() => sink.to(n.recipient).length > 0, 'the e-mail', 5000);
    expect(Date.now() - committedAt).toBeLessThan(2000);
  });

  it('delivers once a message whose server was killed (SIGKILL) in the middle of sending it', async () => {
    const { producer, n } = await queuedWithoutWorker();
    sink.onData = (to) => (to.includes(n.recipient) ? { hold: true } : undefined);

    const server = startServer(LEASE_3S);
    await eventually(() => sink.dataStarted.some((to) => to.includes(n.recipient)), 'the server sending the e-mail');
    server.kill('SIGKILL');
    await once(server, 'exit');
    const claimed = await row(producer, n);
    expect(claimed).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(claimed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now()); // its lease
    expect(sink.to(n.recipient)).toHaveLength(0);

    sink.onData = () => undefined;
    const delivered = await expectDeliveredOnce(await boot(LEASE_3S), n);
    expect(delivered.attempts).toBe(2);
    expect(delivered.sentAt!.getTime()).toBeGreaterThanOrEqual(claimed.nextAttemptAt.getTime());
  });

  it('finishes the delivery in flight on SIGTERM before exiting, leaving nothing claimed', async () => {
    const { producer, n } = await queuedWithoutWorker();
    sink.onData = (to) => (to.includes(n.recipient) ? { delayMs: 1500 } : undefined);

    const server = startServer({ NOTIFY_SEND_TIMEOUT_MS: '5000', NOTIFY_LEASE_MS: '15000' });
    await eventually(() => sink.dataStarted.some((to) => to.includes(n.recipient)), 'the server sending the e-mail');
    const stoppingAt = Date.now();
    server.kill('SIGTERM');
    await once(server, 'exit');
    expect(Date.now() - stoppingAt).toBeGreaterThanOrEqual(1000);
    expect(sink.to(n.recipient)).toHaveLength(1);
    expect(await row(producer, n)).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('two instances on one database deliver each of many messages exactly once, sharing the work', async () => {
    const [a, b] = [await boot(), await boot()];
    const sends = [a, b].map((t) => jest.spyOn(t.app.get<MessageSender>(EMAIL_SENDER, { strict: false }), 'send'));
    sink.onData = () => ({ delayMs: 5 });
    const messages = Array.from({ length: 100 }, () => notification());
    await Promise.all(messages.map((n, i) => enqueue(i % 2 ? a : b, n)));

    const ids = messages.map((n) => n.subjectId);
    await eventually(async () => {
      const [{ sent }] = await a.dataSource.query<{ sent: number }[]>(
        `SELECT count(*)::int AS sent FROM notification_outbox WHERE purpose = $1 AND subject_id = ANY($2) AND status = 'SENT'`,
        [purpose, ids],
      );
      return sent === messages.length;
    }, 'all SENT');
    await sleep(500);

    for (const n of messages) expect(sink.to(n.recipient)).toHaveLength(1);
    const [sentByA, sentByB] = sends.map((spy) => spy.mock.calls.length);
    expect(sentByA + sentByB).toBe(messages.length);
    expect(sentByA).toBeGreaterThan(0);
    expect(sentByB).toBeGreaterThan(0);
    const attempts = await a.dataSource.query<{ attempts: number }[]>(
      `SELECT DISTINCT attempts FROM notification_outbox WHERE purpose = $1 AND subject_id = ANY($2)`,
      [purpose, ids],
    );
    expect(attempts).toEqual([{ attempts: 1 }]);
  });
});
