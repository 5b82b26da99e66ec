import request from 'supertest';
import type { Vendor } from '../../src/vendors/entities/vendor.entity';
import { bearer, createAdmin, createVendor } from './factories';
import { waitUntil } from './net';
import { TestApp, type TestAppOptions, createTestApp } from './test-app';
import { adminQuery, assertTestDatabase, databaseUrl } from './test-database';
import { ReceivedWebhook, WebhookReceiver } from './webhook-receiver';

export interface Account {
  id: number;
  auth: Record<string, string>;
  entity: Vendor;
}

/** Fast retries and short timeouts, so that failure paths finish within a test. */
export const WEBHOOK_TEST_SETTINGS = {
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_ALLOW_INSECURE: 'true',
  WEBHOOK_POLL_INTERVAL_MS: '50',
  WEBHOOK_BACKOFF_BASE_MS: '50',
  WEBHOOK_BACKOFF_MAX_MS: '200',
  WEBHOOK_MAX_ATTEMPTS: '3',
  WEBHOOK_TIMEOUT_MS: '300',
  WEBHOOK_LEASE_MS: '5000',
  WEBHOOK_DISABLE_AFTER_FAILURES: '5',
};

/**
 * The real application on a database of its own (webhook workers of other test files' apps, which
 * refuse loopback targets, must not claim these deliveries), a receiver on 127.0.0.1 and a manager.
 */
export class OwnDatabaseApp {
  private constructor(
    readonly t: TestApp,
    readonly receiver: WebhookReceiver,
    readonly manager: Record<string, string>,
    private readonly database: string,
  ) {}

  static async start(
    suffix: string,
    settings: Record<string, string> = {},
    options: TestAppOptions = {},
  ): Promise<OwnDatabaseApp> {
    const database = `${process.env.E2E_DATABASE_NAME}_${suffix}`;
    assertTestDatabase(database);
    await adminQuery(`CREATE DATABASE ${database}`);
    const receiver = await WebhookReceiver.start();
    Object.assign(process.env, { DATABASE_URL: databaseUrl(database), ...WEBHOOK_TEST_SETTINGS, ...settings });
    const t = await createTestApp(options);
    return new OwnDatabaseApp(t, receiver, bearer((await createAdmin(t.app)).token), database);
  }

  async close(): Promise<void> {
    await this.t.close();
    await this.receiver.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`);
  }

  async vendor(features: Parameters<typeof createVendor>[1] = {}): Promise<Account> {
    const { vendor, token } = await createVendor(this.t.app, features);
    return { id: vendor.id, auth: bearer(token), entity: vendor };
  }

  /** Registers an endpoint posting to `path` of the receiver; answers its id and secret. */
  async register(
    api: string,
    auth: Record<string, string>,
    path: string,
    events: string[] = ['*'],
  ): Promise<{ id: number; secret: string }> {
    const res = await request(this.t.http)
      .post(`${api}/webhook-endpoints`)
      .set(auth)
      .send({ url: this.receiver.url(path), events });
    expect(res.status).toBe(201);
    return res.body.data as { id: number; secret: string };
  }

  /** Waits until `count` requests reached `path`; answers all that did. */
  async receivedAt(path: string, count = 1): Promise<ReceivedWebhook[]> {
    await waitUntil(() => Promise.resolve(this.receiver.at(path).length >= count));
    return this.receiver.at(path);
  }

  /**
   * Waits until the feed can show every event committed so far: it holds an event back while any
   * older transaction on the PostgreSQL server is open (another test's, say).
   */
  async eventsSettled(): Promise<void> {
    await waitUntil(async () => {
      const [{ settled }]: { settled: boolean }[] = await this.t.dataSource.query(
        `SELECT coalesce(max(tx_id), 0) < pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS settled FROM events`,
      );
      return settled;
    }, 30_000);
  }
}

export const ofType = (requests: ReceivedWebhook[], type: string): ReceivedWebhook[] =>
  requests.filter((r) => r.event.type === type);
