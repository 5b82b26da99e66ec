import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import { Clock } from '../common/time/clock';
import { EventSubscribers } from './event-subscribers';
import { EventEnvelope, RecordedEventType, eventPublicId, parseEventPublicId } from './event-types';
import { EventsRepository, FEED_DAYS } from './events.repository';
import type { FeedEvent } from './events.sql';

export interface EventPage {
  content: EventEnvelope[];
  hasMore: boolean;
  /** The cursor of the next call: the last event's id (the `after` given when the page is empty). */
  nextAfter: string | null;
}

const DAY_MS = 86_400_000;

export function envelopeOf(event: FeedEvent): EventEnvelope {
  return {
    id: eventPublicId(event.id),
    type: event.type,
    timestamp: new Date(event.occurredAt).toISOString(),
    vendorId: event.vendorId,
    data: event.data,
  };
}

/**
 * Events of docs/contract.md#events-webhooks. Producers call `record` inside the transaction of the change, with `data`
 * the resource as the vendor API shows it; the event, and what its subscribers (the webhooks) store of
 * it, commit with it.
 */
@Injectable()
export class EventsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly subscribers: EventSubscribers,
    private readonly clock: Clock,
  ) {}

  /** The oldest time the feed reaches, on the service's clock (the one events are stamped with). */
  private reach(): Date {
    return new Date(this.clock.now().getTime() - FEED_DAYS * DAY_MS);
  }

  async record(vendorId: number, type: RecordedEventType, data: object): Promise<void> {
    const envelope = envelopeOf(await this.events.insert(vendorId, type, data, this.clock.now()));
    await this.subscribers.publish({ id: envelope.id, type, vendorId, body: JSON.stringify(envelope) });
  }

  /** Removes, in batches, the events the feed no longer reaches; answers how many. */
  async removeExpired(batchSize: number): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = await this.events.deleteExpired(this.reach(), batchSize);
      total += removed;
      if (removed === 0) return total;
    }
  }

  /** The feed of one vendor, or of every vendor when `vendorId` is null. */
  async feed(vendorId: number | null, after: string | undefined, limit: number): Promise<EventPage> {
    let position: { txId: string; id: number } | undefined;
    if (after !== undefined) {
      const id = parseEventPublicId(after);
      const found = id === undefined ? undefined : await this.events.position(vendorId, id, this.reach());
      if (!found || id === undefined) {
        throw DomainError.invalid(`after must be the id of one of your events of the last ${FEED_DAYS} days.`, [
          { field: 'after', message: `${after} is not an event id of this account within ${FEED_DAYS} days.` },
        ]);
      }
      position = { txId: found.txId, id };
    }
    const rows = await this.events.feed(vendorId, position, this.reach(), limit + 1);
    const content = rows.slice(0, limit).map(envelopeOf);
    return {
      content,
      hasMore: rows.length > limit,
      nextAfter: content.length ? content[content.length - 1].id : (after ?? null),
    };
  }
}
