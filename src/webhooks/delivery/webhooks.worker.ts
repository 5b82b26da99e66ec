import { TransactionHost } from '@nestjs-cls/transactional';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';
import { backoffDelayMs } from '../../common/retry/retry-policy';
import { Clock } from '../../common/time/clock';
import { WebhooksConfig, webhooksConfig } from '../../config/webhooks.config';
import { AttemptRecord, ClaimedDelivery, WebhookDeliveriesRepository } from '../webhook-deliveries.repository';
import { WebhookOutboxSignal } from '../webhook-outbox-signal';
import { signatureHeader } from './webhook-signature';
import { WebhookSender } from './webhook.sender';

/** Writing an outcome is retried briefly: until it lands, the delivery may be sent again after its lease. */
const OUTCOME_WRITE_ATTEMPTS = 3;

/**
 * Delivers the webhook outbox, as NotificationsWorker delivers messages: one loop per instance keeps
 * up to WEBHOOK_CONCURRENCY attempts in flight, at most WEBHOOK_ENDPOINT_CONCURRENCY per endpoint;
 * sleeps when nothing is due and wakes after a commit that queued deliveries; on shutdown stops
 * claiming and lets the attempts in flight finish.
 */
@Injectable()
export class WebhooksWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhooksWorker.name);
  private running = false;
  private unsubscribe?: () => void;
  private loop?: Promise<void>;
  private readonly inFlight = new Set<Promise<void>>();
  /** Attempts in flight per endpoint, so a claim takes only what each endpoint's share allows. */
  private readonly busy = new Map<number, number>();
  private nudged = false;
  private sleeper?: AbortController;

  constructor(
    @Inject(webhooksConfig.KEY) private readonly config: WebhooksConfig,
    private readonly repository: WebhookDeliveriesRepository,
    private readonly sender: WebhookSender,
    private readonly signal: WebhookOutboxSignal,
    private readonly txHost: TransactionHost,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.workerEnabled) return;
    this.running = true;
    this.unsubscribe = this.signal.subscribe(() => this.wake());
    this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.sleeper?.abort();
    await this.loop;
  }

  private wake(): void {
    this.nudged = true;
    this.sleeper?.abort();
  }

  private async run(): Promise<void> {
    while (this.running) {
      const free = this.config.concurrency - this.inFlight.size;
      if (free === 0) {
        await Promise.race(this.inFlight);
        continue;
      }
      if ((await this.claimAndStart(free)) < free) await this.sleep();
    }
    await Promise.all(this.inFlight);
  }

  private async claimAndStart(limit: number): Promise<number> {
    this.nudged = false;
    try {
      const claims = await this.repository.claimDue(
        limit,
        this.config.perEndpointConcurrency,
        this.busy,
        this.config.leaseMs,
      );
      for (const claim of claims) this.start(claim);
      return claims.length;
    } catch (error) {
      this.logger.error(`Claiming webhook deliveries failed: ${(error as Error).message}`);
      return 0;
    }
  }

  private start(claim: ClaimedDelivery): void {
    this.busy.set(claim.endpointId, (this.busy.get(claim.endpointId) ?? 0) + 1);
    const delivery = this.deliver(claim)
      .catch((error: unknown) => this.logger.error(error))
      .finally(() => {
        this.inFlight.delete(delivery);
        const left = (this.busy.get(claim.endpointId) ?? 1) - 1;
        if (left > 0) this.busy.set(claim.endpointId, left);
        else this.busy.delete(claim.endpointId);
        // A freed slot of this endpoint may take its next due delivery now, not after the poll interval.
        this.wake();
      });
    this.inFlight.add(delivery);
  }

  private async sleep(): Promise<void> {
    if (!this.running || this.nudged) {
      this.nudged = false;
      return;
    }
    this.sleeper = new AbortController();
    await delay(this.config.pollIntervalMs, undefined, { signal: this.sleeper.signal }).catch(() => undefined);
    this.sleeper = undefined;
    this.nudged = false;
  }

  private async deliver(claim: ClaimedDelivery): Promise<void> {
    if (claim.attempts > this.config.maxAttempts) {
      await this.record(claim, 'failed', () => this.repository.markExhausted(claim, this.config.maxAttempts));
      return;
    }
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    const attempt = await this.sender.post({
      url: claim.url,
      body: claim.body,
      headers: {
        'webhook-id': claim.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(claim.secrets, claim.eventId, timestamp, claim.body),
        'user-agent': 'vendor-leads-webhooks/1',
      },
    });
    const outcome: AttemptRecord = attempt;
    if (attempt.ok) {
      await this.record(claim, 'succeeded', () => this.repository.markSucceeded(claim, outcome));
      return;
    }
    const last = claim.attempts >= this.config.maxAttempts;
    const retryInMs = last ? undefined : backoffDelayMs(claim.attempts, this.config);
    await this.record(claim, last ? 'failed' : 'retry', () =>
      this.repository.markAttemptFailed(claim, outcome, retryInMs, this.config.disableAfterFailures),
    );
  }

  /** The delivery's outcome and its endpoint's run of failures, written together. */
  private async record(claim: ClaimedDelivery, outcome: string, write: () => Promise<boolean>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await this.txHost.withTransaction(write))) {
          this.logger.warn(
            `Webhook delivery ${claim.id}: the claim had expired before the ${outcome} outcome was written.`,
          );
        }
        return;
      } catch (error) {
        if (attempt >= OUTCOME_WRITE_ATTEMPTS) {
          this.logger.error(
            `Webhook delivery ${claim.id}: could not record the ${outcome} outcome; it is retried after its lease: ${(error as Error).message}`,
          );
          return;
        }
        await delay(200 * attempt);
      }
    }
  }
}
