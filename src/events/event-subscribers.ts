import { Injectable } from '@nestjs/common';
import type { ErasedValues } from '../common/privacy/customer-contact';

/** A recorded event as it leaves the service: its public id, type, vendor, and envelope (JSON). */
export interface PublishedEvent {
  id: string;
  type: string;
  vendorId: number;
  body: string;
}

/** Copies of events a subscriber redacted, and how many of them had already left the service. */
export interface RedactedCopies {
  redacted: number;
  alreadySent: number;
}

/** A receiver outside the service that was sent copies of events: a webhook endpoint and its account. */
export interface EventRecipient {
  /** The endpoint's id. */
  id: number;
  /** `vendor` or `manager`. */
  accountType: string;
  accountId: number;
  url: string;
  /** How many of the events' deliveries reached it. */
  deliveries: number;
  lastSentAt: Date | null;
}

/** A module above events that hears every recorded event (the webhooks) and may keep copies of it. */
export interface EventSubscriber {
  /** The tables its copies are kept in (an erasure vacuums them once it has redacted them). */
  readonly copyTables: readonly string[];
  /** Called in the transaction of the change, so what the subscriber stores commits with the event. */
  published(event: PublishedEvent): Promise<void>;
  /** An erasure, in the caller's transaction: the copies it keeps of these events are redacted. */
  redactCopies(eventIds: string[], values: ErasedValues): Promise<RedactedCopies>;
  /** Who outside the service received copies of these events (while the subscriber keeps its records of them). */
  recipientsOf(eventIds: string[]): Promise<EventRecipient[]>;
}

/**
 * The port through which events reach their subscribers without importing them: they register here
 * when they start (events stays below them, as leads does with its `LeadListeners`).
 */
@Injectable()
export class EventSubscribers {
  private readonly subscribers: EventSubscriber[] = [];

  register(subscriber: EventSubscriber): void {
    this.subscribers.push(subscriber);
  }

  async publish(event: PublishedEvent): Promise<void> {
    for (const subscriber of this.subscribers) await subscriber.published(event);
  }

  async redactCopies(eventIds: string[], values: ErasedValues): Promise<RedactedCopies> {
    const total = { redacted: 0, alreadySent: 0 };
    for (const subscriber of this.subscribers) {
      const { redacted, alreadySent } = await subscriber.redactCopies(eventIds, values);
      total.redacted += redacted;
      total.alreadySent += alreadySent;
    }
    return total;
  }

  /** The tables the subscribers keep copies in. */
  get copyTables(): string[] {
    return this.subscribers.flatMap((subscriber) => subscriber.copyTables);
  }

  async recipientsOf(eventIds: string[]): Promise<EventRecipient[]> {
    const recipients: EventRecipient[] = [];
    for (const subscriber of this.subscribers) recipients.push(...(await subscriber.recipientsOf(eventIds)));
    return recipients;
  }
}
