import { Logger } from '@nestjs/common';
import { EMAIL_SENDER, type MessageSender } from '../../src/notifications/delivery/message-sender';
import type { NewNotification, NotificationPurpose } from '../../src/notifications/notification.types';
import { NotificationsRepository } from '../../src/notifications/notifications.repository';
import { BuiltServer } from '../support/built-server';
import { MAX_ATTEMPTS, NotificationHarness, enqueue, eventually, row, statusIs } from '../support/notification-harness';
import { IDEMPOTENCY_HEADER } from '../support/sms-provider-stub';
import type { TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const h = new NotificationHarness('notify_recovery');
const notification = h.notification.bind(h);

beforeAll(() => h.start());
afterAll(() => h.stop());

describe('Notifications across restarts, crashes and instances (e2e)', () => {
  const apps: TestApp[] = [];
  const servers: BuiltServer[] = [];
  const boot = async (overrides: Record<string, string> = {}) => {
    const app = await h.bootApp(overrides);
    apps.push(app);
    return app;
  };
  const purpose: NotificationPurpose = 'REVIEW_REQUEST';
  const LEASE_3S = { NOTIFY_LEASE_MS: '3000', NOTIFY_SEND_TIMEOUT_MS: '1000' };

  /** A message committed by an instance whose worker is off, as if the service died right after commit. */
  async function queuedWithoutWorker(
    overrides: Partial<NewNotification> = {},
  ): Promise<{ producer: TestApp; n: NewNotification }> {
    const producer = await boot({ NOTIFY_WORKER_ENABLED: 'false' });
    const n = notification(overrides);
    await enqueue(producer, n);
    return { producer, n };
  }

  /** The built server (dist/, checked fresh), as production runs it, delivering to the sink and the stand-in. */
  async function startServer(overrides: Record<string, string>, captureStdout = false): Promise<BuiltServer> {
    const server = new BuiltServer({ env: { LOG_LEVEL: 'silent', ...h.settings(overrides) }, captureStdout });
    servers.push(server);
    await server.start();
    return server;
  }

  // The vendor the messages belong to, so each test can run alone.
  beforeAll(async () => (await h.bootApp({ NOTIFY_WORKER_ENABLED: 'false' })).close());
  afterEach(async () => {
    h.sink.onData = () => undefined;
    h.sms.respond = () => ({ status: 201, body: { sid: 'SM0001', status: 'queued' } });
    jest.restoreAllMocks();
    await Promise.all(servers.splice(0).map((server) => server.stop('SIGKILL')));
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('wakes the worker as soon as the producer commits, without waiting for the next poll', async () => {
    const claims = jest.spyOn(NotificationsRepository.prototype, 'claimDue');
    const t = await boot({ NOTIFY_POLL_INTERVAL_MS: '600000' });
    // The worker's first claim found nothing: from here on only a nudge wakes it before ten minutes.
    expect(await claims.mock.results[0].value).toEqual([]);
    const n = notification();
    await enqueue(t, n);
    await eventually(() => h.sink.to(n.recipient).length > 0, 'the e-mail');
  });

  it('delivers, once, a message committed while no worker was running', async () => {
    const { producer, n } = await queuedWithoutWorker();
    expect(await row(producer, n)).toMatchObject({ status: 'PENDING', attempts: 0 });
    await producer.close();
    apps.splice(0);

    expect((await h.expectDeliveredOnce(await boot(), n)).attempts).toBe(1);
  });

  it.each([
    ['before handing it over', null, 'was interrupted before it could report.'],
    ['after handing it over', MAX_ATTEMPTS, 'was interrupted after handing the message over: it may have been sent.'],
  ])(
    'fails, rather than tries again, a message whose last permitted attempt died %s',
    async (_when, handoverAttempt, reason) => {
      const { producer, n } = await queuedWithoutWorker();
      // As a worker leaves it when it dies during the last attempt: all attempts used, lease over.
      await producer.dataSource.query(
        `UPDATE notification_outbox SET attempts = $1, handover_attempt = $2 WHERE purpose = $3 AND subject_id = $4`,
        [MAX_ATTEMPTS, handoverAttempt, n.purpose, n.subjectId],
      );

      const worker = await boot();
      await eventually(statusIs(worker, n, 'FAILED'), 'FAILED');
      expect(await row(worker, n)).toMatchObject({
        attempts: MAX_ATTEMPTS,
        handoverAttempt: null,
        lastErrorCode: 'INTERRUPTED',
        lastError: `Gave up: the last of ${MAX_ATTEMPTS} attempts ${reason}`,
      });
      expect(h.sink.to(n.recipient)).toHaveLength(0);
    },
  );

  it('writes messages to the log, recipient and link token masked, and marks them SENT when SMTP and SMS are not set up', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log');
    const t = await boot({ SMTP_URL: '', MAIL_FROM: '', SMS_ACCOUNT_SID: '', SMS_AUTH_TOKEN: '', SMS_FROM: '' });
    const email = notification();
    const text = notification({ channel: 'SMS', recipient: '416-555-0106' });
    await enqueue(t, email, text);
    await eventually(async () => (await statusIs(t, email, 'SENT')()) && statusIs(t, text, 'SENT')(), 'both SENT');

    const entries = logged.mock.calls
      .map(([entry]) => entry as { msg?: string })
      .filter((entry) => typeof entry === 'object' && entry.msg?.includes('written to the log'));
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: `c***@customer.test`,
          subject: 'Would you review Acme Renovations?',
          text: expect.stringContaining('https://reviews.test/r/***'),
        }),
        expect.objectContaining({ to: '***-***-0106', text: expect.stringContaining('Reply STOP to opt out.') }),
      ]),
    );
    expect(JSON.stringify(entries)).not.toContain(email.recipient);
    expect(JSON.stringify(entries)).not.toContain(email.mergeFields.link);
    expect(h.sink.to(email.recipient)).toHaveLength(0);
    expect(h.sms.to('+14165550106')).toHaveLength(0);
  });

  it('delivers once a message whose server was killed (SIGKILL) in the middle of sending it', async () => {
    const { producer, n } = await queuedWithoutWorker();
    h.sink.onData = (to) => (to.includes(n.recipient) ? { hold: true } : undefined);

    const server = await startServer(LEASE_3S);
    await eventually(() => h.sink.dataStarted.some((to) => to.includes(n.recipient)), 'the server sending the e-mail');
    await server.stop('SIGKILL');
    const claimed = await row(producer, n);
    // Claimed under a lease, and marked as handed over before the SMTP conversation began.
    expect(claimed).toMatchObject({ status: 'PENDING', attempts: 1, handoverAttempt: 1 });
    expect(claimed.nextAttemptAt.getTime()).toBeGreaterThan(claimed.lastAttemptAt!.getTime());
    expect(h.sink.to(n.recipient)).toHaveLength(0);

    h.sink.onData = () => undefined;
    const delivered = await h.expectDeliveredOnce(await boot(LEASE_3S), n);
    expect(delivered).toMatchObject({ attempts: 2, handoverAttempt: null });
    expect(delivered.sentAt!.getTime()).toBeGreaterThanOrEqual(claimed.nextAttemptAt.getTime());
  });

  /**
   * The provider takes the message and the server dies (SIGKILL) before it hears so: the row stays
   * PENDING with its hand-over marked, and a worker retries it after the lease, warning that it may
   * already have been sent.
   */
  async function crashAfterHandOver(n: NewNotification, arrangeCrash: (server: BuiltServer) => void): Promise<TestApp> {
    const producer = await boot({ NOTIFY_WORKER_ENABLED: 'false' });
    const server = await startServer(LEASE_3S);
    arrangeCrash(server);
    await enqueue(producer, n);
    await eventually(() => server.process.signalCode === 'SIGKILL', 'the server killed during the hand-over');
    expect(await row(producer, n)).toMatchObject({ status: 'PENDING', attempts: 1, handoverAttempt: 1 });

    const warned = jest.spyOn(Logger.prototype, 'warn');
    await eventually(statusIs(await boot(LEASE_3S), n, 'SENT'), 'SENT after the lease');
    expect(await row(producer, n)).toMatchObject({ attempts: 2, handoverAttempt: null });
    expect(warned.mock.calls.map(([message]) => String(message))).toContainEqual(
      expect.stringMatching(/attempt 1 handed it over and never reported back: it may have been sent already/),
    );
    return producer;
  }

  it('after a crash between hand-over and SENT, texts again under the same idempotency token: one SMS', async () => {
    const n = notification({ channel: 'SMS', recipient: '416-555-0107' });
    await crashAfterHandOver(n, (server) => {
      h.sms.respond = async () => {
        if (h.sms.to('+14165550107').length === 1) await server.stop('SIGKILL');
        return { status: 201, body: { sid: 'SM0003', status: 'queued' } };
      };
    });
    const tokens = h.sms.to('+14165550107').map((request) => request.headers[IDEMPOTENCY_HEADER]);
    expect(tokens).toEqual([expect.any(String), tokens[0]]);
    expect(h.sms.messagesTo('+14165550107')).toHaveLength(1);
  });

  it('after a crash between hand-over and SENT, e-mails again with the same Message-ID', async () => {
    const n = notification();
    const producer = await crashAfterHandOver(n, (server) => {
      h.sink.onData = (to) =>
        to.includes(n.recipient) && h.sink.to(n.recipient).length === 0 ? { until: server.stop('SIGKILL') } : undefined;
    });
    // A mail server without de-duplication delivers both; the receiving mail system can tell them apart.
    const messageId = `<${(await row(producer, n)).messageKey}@mail.test>`;
    expect(h.sink.to(n.recipient).map((mail) => mail.parsed.messageId)).toEqual([messageId, messageId]);
  });

  it('finishes the delivery in flight on SIGTERM before exiting, leaving nothing claimed', async () => {
    const { producer, n } = await queuedWithoutWorker();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    h.sink.onData = (to) => (to.includes(n.recipient) ? { until: released } : undefined);

    const server = await startServer(
      { LOG_LEVEL: 'info', NOTIFY_SEND_TIMEOUT_MS: '30000', NOTIFY_LEASE_MS: '90000' },
      true,
    );
    await eventually(() => h.sink.dataStarted.some((to) => to.includes(n.recipient)), 'the server sending the e-mail');
    const exited = server.stop('SIGTERM');
    await eventually(
      () => server.output.includes('Stopping after the deliveries in flight (1)'),
      'the worker stopping',
    );
    // Still running while the mail server has not answered; it exits once the delivery is recorded.
    expect(server.process.exitCode).toBeNull();
    release();
    const exit = await exited;
    expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
    expect(h.sink.to(n.recipient)).toHaveLength(1);
    expect(await row(producer, n)).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('two instances on one database deliver each of many messages exactly once, sharing the work', async () => {
    const [a, b] = [await boot(), await boot()];
    const sends = [a, b].map((t) => jest.spyOn(t.app.get<MessageSender>(EMAIL_SENDER, { strict: false }), 'send'));
    h.sink.onData = () => ({ delayMs: 5 });
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

    // One claim each (attempts 1), and only a claim sends: no message can have gone out twice.
    const attempts = await a.dataSource.query<{ attempts: number }[]>(
      `SELECT DISTINCT attempts FROM notification_outbox WHERE purpose = $1 AND subject_id = ANY($2)`,
      [purpose, ids],
    );
    expect(attempts).toEqual([{ attempts: 1 }]);
    for (const n of messages) expect(h.sink.to(n.recipient)).toHaveLength(1);
    const [sentByA, sentByB] = sends.map((spy) => spy.mock.calls.length);
    expect(sentByA + sentByB).toBe(messages.length);
    expect(sentByA).toBeGreaterThan(0);
    expect(sentByB).toBeGreaterThan(0);
  });

  it('delivers more texts at once than the database pool has connections, each in its first attempt', async () => {
    // Each hand-over is a transaction on one pooled connection; a statement of it run beside that
    // connection waited for one of a pool its siblings held, until the connect timeout failed them all.
    const t = await boot({ DATABASE_POOL_MAX: '2', NOTIFY_CONCURRENCY: '6', DATABASE_CONNECT_TIMEOUT_MS: '1000' });
    const texts = Array.from({ length: 12 }, (_, i) =>
      notification({ channel: 'SMS', recipient: `416-555-${String(1200 + i)}` }),
    );
    await enqueue(t, ...texts);
    for (const n of texts) await eventually(statusIs(t, n, 'SENT'), `SENT to ${n.recipient}`);
    for (const n of texts) {
      expect((await row(t, n)).attempts).toBe(1);
      expect(h.sms.to(`+1${n.recipient.replaceAll('-', '')}`)).toHaveLength(1);
    }
  });
});
