import { Injectable } from '@nestjs/common';
import type { ErasedValues } from '../common/privacy/customer-contact';
import { OutgoingEvent, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveryRedaction } from './webhook-delivery-redaction';
import { WebhookOutboxSignal } from './webhook-outbox-signal';

/** What the events module calls: queue an event for every endpoint that hears it. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly signal: WebhookOutboxSignal,
    private readonly redaction: WebhookDeliveryRedaction,
  ) {}

  /** An erased person's events (docs/contract.md#data-rights): their kept delivery bodies redacted, in the caller's transaction. */
  redactDeliveries(eventIds: string[], values: ErasedValues): Promise<{ redacted: number; alreadySent: number }> {
    return this.redaction.redact(eventIds, values);
  }

  /** Retention: removes up to `limit` finished deliveries created before `cutoff`; answers how many. */
  removeFinished(cutoff: Date, limit: number): Promise<number> {
    return this.deliveries.deleteFinished(cutoff, limit);
  }

  /** In the caller's transaction: the deliveries exist only if the change they report commits. */
  async queue(event: OutgoingEvent): Promise<void> {
    if ((await this.deliveries.fanOut(event)) > 0) this.signal.queued();
  }
}
