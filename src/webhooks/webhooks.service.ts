import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { ErasedValues } from '../common/privacy/customer-contact';
import { type Retains, RetainsRecords, type Retention } from '../common/privacy/retention';
import {
  type EventRecipient,
  type EventSubscriber,
  EventSubscribers,
  type PublishedEvent,
  type RedactedCopies,
} from '../events/event-subscribers';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEventCopies } from './webhook-event-copies';
import { WebhookOutboxSignal } from './webhook-outbox-signal';

/** The webhooks subscribe to every event: each is queued for the endpoints that hear it. */
@Injectable()
@RetainsRecords()
export class WebhooksService implements EventSubscriber, OnModuleInit, Retains {
  constructor(
    private readonly events: EventSubscribers,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly signal: WebhookOutboxSignal,
    private readonly copies: WebhookEventCopies,
  ) {}

  readonly copyTables = ['webhook_deliveries'];
  readonly retention: Retention[] = [
    {
      setting: 'RETENTION_WEBHOOK_DELIVERIES_DAYS',
      counted: 'webhookDeliveries',
      expires: { deletes: (cutoff, limit) => this.removeFinished(cutoff, limit) },
    },
  ];

  onModuleInit(): void {
    this.events.register(this);
  }

  /** An erased person's events (docs/contract.md#data-rights): their kept delivery bodies redacted, in the caller's transaction. */
  redactCopies(eventIds: string[], values: ErasedValues): Promise<RedactedCopies> {
    return this.copies.redact(eventIds, values);
  }

  /** The endpoints a person's events reached (docs/contract.md#data-rights: the export's `recipients`). */
  recipientsOf(eventIds: string[]): Promise<EventRecipient[]> {
    return this.copies.recipientsOf(eventIds);
  }

  /** Retention: removes up to `limit` finished deliveries created before `cutoff`; answers how many. */
  removeFinished(cutoff: Date, limit: number): Promise<number> {
    return this.deliveries.deleteFinished(cutoff, limit);
  }

  /** In the caller's transaction: the deliveries exist only if the change they report commits. */
  async published(event: PublishedEvent): Promise<void> {
    if ((await this.deliveries.fanOut(event)) > 0) this.signal.queued();
  }
}
