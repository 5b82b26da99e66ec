import { Injectable, Logger } from '@nestjs/common';
import { MetricsRegistry } from '../common/metrics/metrics-registry';
import { PgPool } from '../database/pg-pool';
import { LeadsService } from '../leads/leads.service';
import { NOTIFICATION_CHANNELS, NOTIFICATION_PURPOSES } from '../notifications/notification.types';
import { OutboxBacklog } from '../notifications/outbox-backlog';
import { RateLimitStorage } from '../rate-limit/rate-limit.storage';
import { WebhookBacklog } from '../webhooks/webhook-backlog';

const WAITING_STATES = { due: 'due', held: 'quiet_hours' } as const;

/**
 * The values read at scrape time: what waits in the outboxes, paused webhook endpoints, leads waiting
 * for the vendor, whether the database and Redis answer, and the connection pool. Each database value
 * is one statement of its owning module, run once per scrape (concurrent scrapes share one reading),
 * never on a request's path. Every label combination is written each time, zeros included, so a
 * panel or an alert never sees a series vanish because nothing waits.
 */
@Injectable()
export class ScrapeGauges {
  private readonly logger = new Logger(ScrapeGauges.name);
  private reading?: Promise<void>;
  private readonly outboxWaiting;
  private readonly outboxOldest;
  private readonly webhookUndelivered;
  private readonly webhookOldest;
  private readonly webhookPaused;
  private readonly leadsWaiting;
  private readonly leadsOldest;
  private readonly databaseUp;
  private readonly redisDegraded;
  private readonly poolConnections;
  private readonly poolWaiting;

  constructor(
    metrics: MetricsRegistry,
    private readonly outbox: OutboxBacklog,
    private readonly webhooks: WebhookBacklog,
    private readonly leads: LeadsService,
    private readonly rateLimit: RateLimitStorage,
    private readonly pgPool: PgPool,
  ) {
    const gauge = <L extends string>(name: string, help: string, labelNames: L[] = []) =>
      metrics.gauge<L>({ name, help, labelNames });
    this.outboxWaiting = gauge(
      'outbox_messages_waiting',
      'Outbox messages waiting, by channel, purpose and state (due, quiet_hours)',
      ['channel', 'purpose', 'state'],
    );
    this.outboxOldest = gauge(
      'outbox_oldest_waiting_seconds',
      'Wait of the oldest outbox message, by channel and state (due: since it was due; quiet_hours: since it was written)',
      ['channel', 'state'],
    );
    this.webhookUndelivered = gauge(
      'webhook_undelivered_events',
      'Webhook deliveries waiting, by their endpoint (enabled, paused)',
      ['endpoint'],
    );
    this.webhookOldest = gauge(
      'webhook_oldest_undelivered_seconds',
      'Age of the oldest undelivered webhook event, by its endpoint (enabled, paused)',
      ['endpoint'],
    );
    this.webhookPaused = gauge(
      'webhook_endpoints_paused',
      'Webhook endpoints paused, by reason (failures: failed in a row; owner: switched off)',
      ['reason'],
    );
    this.leadsWaiting = gauge('leads_waiting_first_action', "Leads waiting for the vendor's accept or decline");
    this.leadsOldest = gauge(
      'leads_oldest_waiting_first_action_seconds',
      "Wait of the oldest lead still waiting for the vendor's accept or decline",
    );
    this.databaseUp = gauge(
      'database_up',
      "1 when the scrape's statements ran, 0 when the database did not answer them",
    );
    this.redisDegraded = gauge(
      'redis_degraded',
      '1 when the configured Redis does not answer (rate limits counted per instance), else 0',
    );
    this.poolConnections = gauge(
      'db_pool_connections',
      'Database pool connections of this instance, by state (in_use, idle)',
      ['state'],
    );
    this.poolWaiting = gauge('db_pool_waiting_requests', 'Statements of this instance waiting for a pool connection');
  }

  /** Reads every value once; a scrape arriving meanwhile waits for the same reading. */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<void> {
    this.readPool();
    const [redis] = await Promise.all([this.rateLimit.status(), this.readDatabase()]);
    this.redisDegraded.set(redis.redis === 'down' ? 1 : 0);
  }

  private readPool(): void {
    const pool = this.pgPool.pool;
    this.poolConnections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    this.poolConnections.set({ state: 'idle' }, pool.idleCount);
    this.poolWaiting.set(pool.waitingCount);
  }

  /** One statement after the other: a scrape holds at most one pool connection. */
  private async readDatabase(): Promise<void> {
    try {
      await this.readOutbox();
      await this.readWebhooks();
      const leads = await this.leads.waitingForFirstAction();
      this.leadsWaiting.set(leads.waiting);
      this.leadsOldest.set(leads.oldestSeconds ?? 0);
      this.databaseUp.set(1);
    } catch (error) {
      this.logger.warn(`The metrics' database reading failed: ${(error as Error).message}`);
      this.databaseUp.set(0);
    }
  }

  private async readOutbox(): Promise<void> {
    const rows = await this.outbox.waiting();
    const oldest = new Map<string, number>();
    for (const channel of NOTIFICATION_CHANNELS) {
      for (const state of Object.values(WAITING_STATES)) {
        oldest.set(`${channel.toLowerCase()} ${state}`, 0);
        for (const purpose of NOTIFICATION_PURPOSES) {
          this.outboxWaiting.set({ channel: channel.toLowerCase(), purpose: purpose.toLowerCase(), state }, 0);
        }
      }
    }
    for (const row of rows) {
      const channel = row.channel.toLowerCase();
      const state = row.held ? WAITING_STATES.held : WAITING_STATES.due;
      this.outboxWaiting.set({ channel, purpose: row.purpose.toLowerCase(), state }, row.count);
      const key = `${channel} ${state}`;
      oldest.set(key, Math.max(oldest.get(key) ?? 0, row.oldestSeconds));
    }
    for (const [key, seconds] of oldest) {
      const [channel, state] = key.split(' ');
      this.outboxOldest.set({ channel, state }, seconds);
    }
  }

  private async readWebhooks(): Promise<void> {
    const [undelivered, paused] = [await this.webhooks.undelivered(), await this.webhooks.pausedEndpoints()];
    for (const endpoint of ['enabled', 'paused']) {
      const row = undelivered.find((r) => (r.enabled ? 'enabled' : 'paused') === endpoint);
      this.webhookUndelivered.set({ endpoint }, row?.count ?? 0);
      this.webhookOldest.set({ endpoint }, row?.oldestSeconds ?? 0);
    }
    for (const reason of ['failures', 'owner']) {
      const row = paused.find((r) => (r.afterFailures ? 'failures' : 'owner') === reason);
      this.webhookPaused.set({ reason }, row?.count ?? 0);
    }
  }
}
