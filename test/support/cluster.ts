import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import request from 'supertest';
import { MIGRATION_LOCK_KEY } from '../../src/database/migrate';
import { runCli } from './built-app';
import { BuiltServer } from './built-server';
import { bearer } from './factories';
import { waitUntil } from './net';
import { NotificationHarness } from './notification-harness';
import { SPEC_LIMIT_ENV } from './rate-limit-burst';
import { removeKeys, sharedRedisUrl } from './redis-server';
import { MANAGER_API, VENDOR_API } from './api-paths';
import { WebhookReceiver } from './webhook-receiver';

/**
 * Each instance sends from addresses and through an SMS account of its own, so the receivers tell which
 * one delivered a message (a text keeps the number its first attempt took, whoever retries it).
 */
export const INSTANCES = [
  { mailFrom: 'reviews-a@mail.test', smsFrom: '+15005550001', smsAccount: 'ACinstanceA' },
  { mailFrom: 'reviews-b@mail.test', smsFrom: '+15005550002', smsAccount: 'ACinstanceB' },
] as const;

/** Whether the provider's stand-in got this text through the instance's account. */
export const sentThrough = (text: { path: string }, instance: (typeof INSTANCES)[number]): boolean =>
  text.path.includes(`/Accounts/${instance.smsAccount}/`);

export interface Customer {
  email: string;
  /** As the vendor typed it, and as the SMS provider receives it. */
  phone: string;
  e164: string;
}

/** A vendor whose review requests go out by e-mail and SMS and are reported to a webhook endpoint. */
export interface ReviewingVendor {
  id: number;
  token: string;
  endpoint: { id: number; secret: string; path: string };
}

/**
 * Two built servers (A and B) on one empty PostgreSQL database of the file's own and one Redis (the
 * run's, under a key prefix of the cluster's own), with the spec's rate limit, delivering to a
 * real SMTP sink, an SMS provider stand-in and a webhook receiver. Nothing passes between A and B
 * except through PostgreSQL and Redis.
 */
export class Cluster {
  readonly harness: NotificationHarness;
  receiver!: WebhookReceiver;
  a!: BuiltServer;
  b!: BuiltServer;
  /** The file's database, for what a test checks behind the API (counts of rows). */
  db!: Pool;
  /** The Authorization header of an ADMIN manager. */
  manager!: Record<string, string>;
  private readonly redisPrefix = `cluster-test:${randomUUID()}:`;

  constructor(
    suffix: string,
    private readonly overrides: Record<string, string> = {},
  ) {
    this.harness = new NotificationHarness(suffix);
  }

  get env(): Record<string, string> {
    return {
      ...this.harness.settings(),
      ...SPEC_LIMIT_ENV,
      REDIS_URL: sharedRedisUrl(),
      RATE_LIMIT_REDIS_PREFIX: this.redisPrefix,
      WEBHOOK_ALLOW_INSECURE: 'true',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_BACKOFF_BASE_MS: '50',
      WEBHOOK_BACKOFF_MAX_MS: '200',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_LEASE_MS: '6000',
      ...this.overrides,
    };
  }

  /**
   * Starts the receivers, then A and B on the empty database. The cluster holds the migration lock
   * until both instances wait for it, so they migrate at the same moment; both must then get ready.
   */
  async start(): Promise<void> {
    await this.harness.start();
    this.receiver = await WebhookReceiver.start();
    this.db = new Pool({ connectionString: this.env.DATABASE_URL, max: 2 });
    [this.a, this.b] = INSTANCES.map(({ mailFrom, smsFrom, smsAccount }) => {
      const own = { MAIL_FROM: `Reviews <${mailFrom}>`, SMS_FROM: smsFrom, SMS_ACCOUNT_SID: smsAccount };
      return new BuiltServer({ env: { ...this.env, ...own } });
    });
    const gate = await this.db.connect();
    try {
      await gate.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      let lockHeld = true;
      const ready = Promise.all([this.a.start(), this.b.start()]).then(() => {
        if (lockHeld) throw new Error('The instances got ready without waiting for the migration lock.');
      });
      await Promise.race([waitUntil(async () => (await this.waitingForMigrationLock()) === 2, 90_000), ready]);
      lockHeld = false;
      await gate.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await ready;
    } finally {
      gate.release();
    }
    const admin = await this.cli(['create-admin', '--email', `admin-${randomUUID()}@cluster.test`, '--name', 'Admin']);
    this.manager = bearer(admin);
  }

  async stop(): Promise<void> {
    await Promise.all([this.a?.stop(), this.b?.stop()]);
    await this.db?.end();
    await this.receiver?.close();
    await removeKeys(this.redisPrefix);
    await this.harness.stop();
  }

  /** The built admin CLI on the cluster's database; answers what it printed (a token). */
  async cli(args: string[]): Promise<string> {
    const result = await runCli(args, { ...process.env, ...this.env });
    if (result.code !== 0) throw new Error(`cli ${args[0]} failed: ${result.stderr}`);
    return result.stdout.trim();
  }

  /** Sessions of this database waiting for the migration lock (advisory locks are per database). */
  private waitingForMigrationLock(): Promise<number> {
    return this.count(
      `pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [MIGRATION_LOCK_KEY],
    );
  }

  async count(sql: string, params: unknown[] = []): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${sql}`, params);
    return rows[0].count;
  }

  /** A vendor created and given a token through the manager API on `via`, with the feature flags asked for. */
  async createVendor(via: BuiltServer, features: Record<string, boolean> = {}): Promise<{ id: number; token: string }> {
    const tag = randomUUID().slice(0, 8);
    const created = await request(via.url)
      .post(`${MANAGER_API}/vendors`)
      .set(this.manager)
      .send({
        vendorName: `Vendor ${tag}`,
        email: `vendor-${tag}@cluster.test`,
        cityName: 'Toronto',
        provinceName: 'Ontario',
      })
      .expect(201);
    const id = created.body.data.id as number;
    if (Object.keys(features).length) {
      await request(via.url)
        .patch(`${MANAGER_API}/vendors/${id}/features`)
        .set(this.manager)
        .send(features)
        .expect(200);
    }
    const issued = await request(via.url).post(`${MANAGER_API}/vendors/${id}/api-token`).set(this.manager).expect(201);
    return { id, token: issued.body.data.token as string };
  }

  /** A vendor with the review booster on, no quiet hours, and an endpoint hearing `review_request.created`. */
  async reviewingVendor(via: BuiltServer): Promise<ReviewingVendor> {
    const { id, token } = await this.createVendor(via, { enableStandaloneReviewBooster: true });
    const auth = bearer(token);
    await request(via.url)
      .patch(`${VENDOR_API}/automation-settings`)
      .set(auth)
      .send({ quietHoursStart: null, quietHoursEnd: null })
      .expect(200);
    const path = `/hooks/${id}`;
    const created = await request(via.url)
      .post(`${VENDOR_API}/webhook-endpoints`)
      .set(auth)
      .send({ url: this.receiver.url(path), events: ['review_request.created'] })
      .expect(201);
    return { id, token, endpoint: { id: created.body.data.id, secret: created.body.data.secret, path } };
  }

  /** `count` review requests by e-mail and SMS, sent through the servers in turn. */
  async requestReviews(vendor: ReviewingVendor, servers: BuiltServer[], count: number): Promise<Customer[]> {
    const customers = Array.from({ length: count }, (_, i) => {
      const line = String(i).padStart(4, '0');
      return { email: `c${i}-v${vendor.id}@customer.test`, phone: `416-555-${line}`, e164: `+1416555${line}` };
    });
    for (const [i, { email, phone }] of customers.entries()) {
      await request(servers[i % servers.length].url)
        .post(`${VENDOR_API}/review-requests`)
        .set(bearer(vendor.token))
        .send({ firstName: 'Sam', emailTo: email, phone })
        .expect(201);
    }
    return customers;
  }

  /** Whether every message of the vendor is SENT and every delivery to its endpoint SUCCEEDED, `messages` in all. */
  async settled(vendor: ReviewingVendor, messages: number): Promise<boolean> {
    const sent = await this.count(`notification_outbox WHERE vendor_id = $1 AND status = 'SENT'`, [vendor.id]);
    const unsettled = await this.count(`webhook_deliveries WHERE endpoint_id = $1 AND status <> 'SUCCEEDED'`, [
      vendor.endpoint.id,
    ]);
    return sent === messages && unsettled === 0;
  }
}
