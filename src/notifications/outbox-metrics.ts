import { Injectable } from '@nestjs/common';
import { MetricsRegistry, secondsSince } from '../common/metrics/metrics-registry';
import type { DeliveryFailure } from './delivery/delivery-failure';
import { type NotificationChannel, type NotificationPurpose, VENDOR_ALERT_PURPOSES } from './notification.types';

/** How a delivery attempt ended: handed over, to be tried again, or given up. */
export type AttemptOutcome = 'sent' | 'retry' | 'failed';

const DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * What the notification worker counts: each attempt's outcome by channel, purpose, outcome class (the
 * provider's: SMTP reply class, Twilio error code, or how it could not be reached) and the failure's
 * stable code (`none` for both when sent), its duration, and the vendors' lead alerts that left. Both
 * come from fixed sets, so the series stay as few whatever the providers answer.
 */
@Injectable()
export class OutboxMetrics {
  private readonly attempts;
  private readonly duration;
  private readonly alertsSent;

  constructor(metrics: MetricsRegistry) {
    this.attempts = metrics.counter({
      name: 'outbox_delivery_attempts_total',
      help: "Outbox delivery attempts by channel, purpose, outcome (sent, retry, failed), outcome class (the provider's: smtp_4xx, twilio_21211...; none when no provider answered) and the failure's code",
      labelNames: ['channel', 'purpose', 'outcome', 'class', 'code'],
    });
    this.duration = metrics.histogram({
      name: 'outbox_delivery_duration_seconds',
      help: 'Time of one delivery attempt, from its claim to its recorded outcome, by channel',
      labelNames: ['channel'],
      buckets: DURATION_BUCKETS,
    });
    this.alertsSent = metrics.counter({
      name: 'lead_alerts_sent_total',
      help: "Lead alerts (and re-alerts) handed to the vendor's mail server or SMS provider, by channel",
      labelNames: ['channel'],
    });
  }

  /** One attempt's end; `started` is its `performance.now()` at the claim. */
  attempted(
    message: { channel: NotificationChannel; purpose: NotificationPurpose },
    outcome: AttemptOutcome,
    failure: Pick<DeliveryFailure, 'code' | 'providerCode'> | null,
    started: number,
  ): void {
    const channel = message.channel.toLowerCase();
    const purpose = message.purpose.toLowerCase();
    this.attempts.inc({
      channel,
      purpose,
      outcome,
      class: failure?.providerCode ?? 'none',
      code: failure?.code ?? 'none',
    });
    this.duration.observe({ channel }, secondsSince(started));
    const alert = (VENDOR_ALERT_PURPOSES as readonly NotificationPurpose[]).includes(message.purpose);
    if (alert && outcome === 'sent') this.alertsSent.inc({ channel });
  }
}
