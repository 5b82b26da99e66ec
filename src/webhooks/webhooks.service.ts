import { Injectable } from '@nestjs/common';
import { OutgoingEvent, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookOutboxSignal } from './webhook-outbox-signal';

/** What the events module calls: queue an event for every endpoint that hears it. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly signal: WebhookOutboxSignal,
  ) {}

  /** Removes up to `limit` finished deliveries older than `days`; answers how many. */
  removeFinished(days: number, limit: number): Promise<number> {
    return this.deliveries.deleteFinished(days, limit);
  }

  /** In the caller's transaction: the deliveries exist only if the change they report commits. */
  async queue(event: OutgoingEvent): Promise<void> {
    if ((await this.deliveries.fanOut(event)) > 0) this.signal.queued();
  }
}
