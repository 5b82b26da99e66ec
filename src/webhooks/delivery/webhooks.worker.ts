import { TransactionHost } from '@nestjs-cls/transactional';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { backoffDelayMs } from '../../common/retry/retry-policy';
import { Clock } from '../../common/time/clock';
import { WebhooksConfig, webhooksConfig } from '../../config/webhooks.config';
import { OutboxWorker } from '../../database/outbox-worker';
import { WebhookDeliveriesRepository } from '../webhook-deliveries.repository';
import type { ClaimedDelivery } from '../webhooks.sql';
import { WebhookOutboxSignal } from '../webhook-outbox-signal';
import { WebhookSecrets } from '../webhook-secrets';
import { UnreadableSecret } from '../../common/crypto/secret-cipher';
import { signatureHeader } from './webhook-signature';
import { currentTraceParent } from '../../common/tracing/tracing';

const traceParentHeader = (): Record<string, string> => {
  const traceParent = currentTraceParent();
  return traceParent ? { traceparent: traceParent } : {};
};
import { WebhookAttempt, WebhookSender } from './webhook.sender';
import { WebhookMetrics } from './webhook-metrics';

/**
 * Delivers the webhook outbox with the loop of OutboxWorker: up to WEBHOOK_CONCURRENCY attempts in
 * flight, at most WEBHOOK_ENDPOINT_CONCURRENCY of them to one endpoint, so a slow or dead receiver
 * holds back only its own deliveries.
 */
@Injectable()
export class WebhooksWorker extends OutboxWorker<ClaimedDelivery> {
  /** Attempts in flight per endpoint, so a claim takes only what each endpoint's share allows. */
  private readonly busy = new Map<number, number>();

  constructor(
    @Inject(webhooksConfig.KEY) private readonly config: WebhooksConfig,
    private readonly repository: WebhookDeliveriesRepository,
    private readonly sender: WebhookSender,
    private readonly secrets: WebhookSecrets,
    signal: WebhookOutboxSignal,
    private readonly txHost: TransactionHost,
    private readonly clock: Clock,
    private readonly metrics: WebhookMetrics,
  ) {
    super(new Logger(WebhooksWorker.name), config, signal, 'Webhook delivery');
  }

  protected claim(limit: number): Promise<ClaimedDelivery[]> {
    return this.repository.claimDue(limit, this.config.perEndpointConcurrency, this.busy, this.config.leaseMs);
  }

  protected override started({ endpointId }: ClaimedDelivery): void {
    this.busy.set(endpointId, (this.busy.get(endpointId) ?? 0) + 1);
  }

  protected override finished({ endpointId }: ClaimedDelivery): void {
    const left = (this.busy.get(endpointId) ?? 1) - 1;
    if (left > 0) this.busy.set(endpointId, left);
    else this.busy.delete(endpointId);
    // The freed slot may take this endpoint's next due delivery now, not after the poll interval.
    this.wake();
  }

  protected async deliver(claim: ClaimedDelivery): Promise<void> {
    const started = performance.now();
    if (claim.attempts > this.config.maxAttempts) {
      await this.record(claim, 'failed', () => this.repository.markExhausted(claim, this.config.maxAttempts));
      this.metrics.attempted('failed', started);
      return;
    }
    const attempt = await this.attempt(claim);
    if (attempt.ok) {
      await this.record(claim, 'succeeded', () =>
        this.txHost.withTransaction(() => this.repository.markSucceeded(claim, attempt)),
      );
      this.metrics.attempted('succeeded', started);
      return;
    }
    const last = claim.attempts >= this.config.maxAttempts;
    const retryInMs = last ? undefined : backoffDelayMs(claim.attempts, this.config);
    // The delivery's outcome and its endpoint's run of failures, written together.
    await this.record(claim, last ? 'failed' : 'retry', () =>
      this.txHost.withTransaction(() =>
        this.repository.markAttemptFailed(claim, attempt, retryInMs, this.config.disableAfterFailures),
      ),
    );
    this.metrics.attempted(last ? 'failed' : 'retry', started);
  }

  /** One signed POST; a secret that no key opens fails the attempt as an unanswered one does. */
  private async attempt(claim: ClaimedDelivery): Promise<WebhookAttempt> {
    let secrets: string[];
    try {
      secrets = claim.secrets.map((stored) => this.secrets.open(stored));
    } catch (error) {
      if (!(error instanceof UnreadableSecret)) throw error;
      const reason = 'The signing secret opens with neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS: rotate it.';
      return { ok: false, statusCode: null, error: reason, response: null };
    }
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    return this.sender.post({
      url: claim.url,
      body: claim.body,
      headers: {
        'webhook-id': claim.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(secrets, claim.eventId, timestamp, claim.body),
        'user-agent': 'vendor-leads-webhooks/1',
        // This delivery's span (in the trace of what published the event), for the receiver's own traces.
        ...traceParentHeader(),
      },
    });
  }
}
