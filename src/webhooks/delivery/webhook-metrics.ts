import { Injectable } from '@nestjs/common';
import { MetricsRegistry, secondsSince } from '../../common/metrics/metrics-registry';

/** How a webhook attempt ended: delivered, to be tried again, or given up. */
export type WebhookOutcome = 'succeeded' | 'retry' | 'failed';

/** What the webhook worker counts: each attempt's outcome and its duration. */
@Injectable()
export class WebhookMetrics {
  private readonly attempts;
  private readonly duration;

  constructor(metrics: MetricsRegistry) {
    this.attempts = metrics.counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts by outcome (succeeded, retry, failed)',
      labelNames: ['outcome'],
    });
    this.duration = metrics.histogram({
      name: 'webhook_delivery_duration_seconds',
      help: 'Time of one webhook delivery attempt, from its claim to its recorded outcome',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
  }

  /** One attempt's end; `started` is its `performance.now()` at the claim. */
  attempted(outcome: WebhookOutcome, started: number): void {
    this.attempts.inc({ outcome });
    this.duration.observe(secondsSince(started));
  }
}
