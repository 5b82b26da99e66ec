import { TransactionHost } from '@nestjs-cls/transactional';
import { DeliveryStatus } from '../../src/notifications/dto/delivery-status.response';
import { setTimeout as sleep } from 'node:timers/promises';
import { OutboxNotification } from '../../src/notifications/entities/outbox-notification.entity';
import type { NewNotification } from '../../src/notifications/notification.types';
import { NotificationsService } from '../../src/notifications/notifications.service';
import { createVendor } from './factories';
import { SmsProviderStub } from './sms-provider-stub';
import { SmtpSink } from './smtp-sink';
import { TestApp, createTestApp } from './test-app';
import { adminQuery, assertTestDatabase, databaseUrl } from './test-database';
import { ConsentService } from '../../src/consent/consent.service';
import { contactOf } from '../../src/reputation/contact';

export const MAX_ATTEMPTS = 6;

/**
 * A mail server and an SMS provider stand-in, and app instances on a database of the test file's
 * own (workers of other files' apps would deliver its messages too, to the log).
 */
export class NotificationHarness {
  sink!: SmtpSink;
  sms!: SmsProviderStub;
  private vendorId?: number;
  private lastSubjectId = 0;
  private readonly database: string;

  constructor(suffix: string) {
    this.database = `${process.env.E2E_DATABASE_NAME}_${suffix}`;
  }

  async start(): Promise<void> {
    assertTestDatabase(this.database);
    await adminQuery(`CREATE DATABASE ${this.database}`);
    [this.sink, this.sms] = await Promise.all([SmtpSink.start(), SmsProviderStub.start()]);
  }

  async stop(): Promise<void> {
    await Promise.all([this.sink.stop(), this.sms.close()]);
    await adminQuery(`DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`);
  }

  /** The environment of an instance: this file's database, the sink, the stand-in, fast retries. */
  settings(overrides: Record<string, string> = {}): Record<string, string> {
    return {
      DATABASE_URL: databaseUrl(this.database),
      SMTP_URL: this.sink.url,
      MAIL_FROM: 'Acme Reviews <reviews@mail.test>',
      OPERATOR_NAME: 'Leads Co',
      SMS_API_BASE_URL: this.sms.baseUrl,
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

  /** An app instance (configured from the environment at boot); the first one creates the vendor. */
  async bootApp(overrides: Record<string, string> = {}): Promise<TestApp> {
    Object.assign(process.env, this.settings(overrides));
    const t = await createTestApp();
    this.vendorId ??= (await createVendor(t.app)).vendor.id;
    return t;
  }

  notification(overrides: Partial<NewNotification> = {}): NewNotification {
    const subjectId = overrides.subjectId ?? ++this.lastSubjectId;
    if (!this.vendorId) throw new Error('Boot an app first: it creates the vendor.');
    return {
      vendorId: this.vendorId,
      purpose: 'REVIEW_REQUEST',
      locale: 'en',
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

  /** The mail server listening and accepting again, the SMS provider answering 201: undoes what a test broke. */
  async restoreServers(): Promise<void> {
    await this.sink.listen();
    this.sink.rejectRecipient = () => undefined;
    this.sink.onData = () => undefined;
    this.sms.respond = () => ({ status: 201, body: { sid: 'SM0001', status: 'queued' } });
  }

  /** Waits for SENT and checks the sink holds exactly one copy (callers check `attempts`). */
  async expectDeliveredOnce(t: TestApp, n: NewNotification): Promise<OutboxNotification> {
    await eventually(statusIs(t, n, 'SENT'), 'SENT');
    expect(this.sink.to(n.recipient)).toHaveLength(1);
    return row(t, n);
  }
}

/** The path producers take: enqueue inside their own transaction. */
export function enqueue(t: TestApp, ...notifications: NewNotification[]): Promise<void> {
  return t.app.get(TransactionHost).withTransaction(async () => {
    for (const n of notifications) {
      // The basis its producer's request would have recorded (a purchase stated on it): the worker checks it.
      const contact = n.recipient.includes('@') ? contactOf(n.recipient, null) : contactOf(null, n.recipient);
      await t.app.get(ConsentService).stateOnRequest(n.vendorId, contact, undefined, {
        kind: 'REVIEW_REQUEST',
        locale: undefined,
      });
      await t.app.get(NotificationsService).enqueue(n);
    }
  });
}

/** Each subject's messages as the vendor API shows them. */
export async function deliveryStatuses(
  t: TestApp,
  purpose: NewNotification['purpose'],
  subjectIds: number[],
): Promise<Map<number, DeliveryStatus[]>> {
  const messages = await t.app.get(NotificationsService).messagesOf(purpose, subjectIds);
  return new Map([...messages].map(([id, rows]) => [id, rows.map((message) => DeliveryStatus.from(message))]));
}

export function row(t: TestApp, n: NewNotification): Promise<OutboxNotification> {
  return t.dataSource
    .getRepository(OutboxNotification)
    .findOneByOrFail({ purpose: n.purpose, subjectId: n.subjectId, channel: n.channel });
}

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/** Polls `probe` until it answers something truthy; the deadline only bounds a failing test. */
export async function eventually<T>(probe: () => T | Promise<T>, what: string, timeoutMs = 15_000): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(25);
  }
}

export const statusIs = (t: TestApp, n: NewNotification, status: string) => async (): Promise<boolean> =>
  (await row(t, n)).status === status;
