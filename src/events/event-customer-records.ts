import { Injectable } from '@nestjs/common';
import { redactJson } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { CustomerDataExport } from '../common/privacy/customer-data-export';
import type { PersonFinding } from '../common/privacy/person-finding';
import { Sql } from '../database/sql';
import { ExportedEvent } from './dto/exported-event.response';
import { ExportedRecipient } from './dto/exported-recipient.response';
import { type EventRecipient, EventSubscribers } from './event-subscribers';
import { eventPublicId } from './event-types';
import { EVENT_SQL, type EventRecord } from './events.sql';

/** What the events need of a message found: the request it was sent for names its `message.failed`. */
interface MessageSubject {
  purpose: string;
  subjectId: number | string;
}

/**
 * The events' part of a person's data rights (docs/contract.md#data-rights): the events of their leads and processes
 * (idx_events_lead, idx_events_process) and the `message.failed` events of their messages (by the
 * request the message was for, in the feed's window) with the receivers they reached, and at erasure their payloads and the kept
 * bodies of their webhook deliveries (the copies its subscribers keep) redacted.
 */
@Injectable()
@CustomerDataProvider({
  kinds: ['events', 'recipients'],
  exports: { events: { type: [ExportedEvent] }, recipients: { type: [ExportedRecipient] } },
  erasureCounts: {
    events: { description: 'Event payloads redacted.', example: 4 },
    webhookDeliveries: { description: 'Kept webhook delivery bodies redacted.', example: 4 },
    webhookDeliveriesAlreadySent: {
      description:
        "Of the person's webhook deliveries, how many had reached a receiver (succeeded, or answered with a\nstatus): they cannot be recalled. Deliveries that never connected are not counted.",
      example: 3,
    },
  },
})
export class EventCustomerRecords implements CustomerDataProvider {
  constructor(
    private readonly sql: Sql,
    private readonly subscribers: EventSubscribers,
  ) {}

  /** Its own, and the tables the subscribers keep their copies in (webhook deliveries), which they name. */
  get tables(): string[] {
    return ['events', ...this.subscribers.copyTables];
  }

  async find(finding: PersonFinding): Promise<void> {
    const failed = [
      ...finding.records<MessageSubject & { id: number }>('messages'),
      ...finding.records<MessageSubject & { id: number }>('referredMessages'),
    ];
    finding.add(
      'events',
      await this.sql.rows(
        EVENT_SQL.recordsOfPerson.bind({
          // The person's leads, and the friends' leads their referrals brought (which name them).
          leadIds: [...finding.ids('leads'), ...finding.ids('referredLeads')].map(String),
          processIds: finding.ids('reputationProcesses').map(String),
          purposes: failed.map((message) => message.purpose),
          subjectIds: failed.map((message) => String(message.subjectId)),
        }),
      ),
    );
    // Who outside the service was sent them (the webhook endpoints, while their deliveries are kept).
    const eventIds = finding.records<EventRecord>('events').map((event) => eventPublicId(event.id));
    finding.add('recipients', await this.subscribers.recipientsOf(eventIds));
  }

  /** The events, without their payloads, and the receivers outside that were sent them. */
  exportTo(answer: CustomerDataExport): void {
    const { finding } = answer;
    answer.add(
      'events',
      finding.records<EventRecord>('events').map((event) => ExportedEvent.from(event)),
    );
    answer.add(
      'recipients',
      finding.records<EventRecipient>('recipients').map((recipient) => ExportedRecipient.from(recipient)),
    );
  }

  /**
   * In the caller's transaction: every string of these events' payloads holding one of the person's
   * values becomes `[erased]`, and so do their kept webhook delivery bodies. Answers how many events
   * were redacted, how many deliveries, and how many deliveries had reached a receiver (they cannot
   * be recalled).
   */
  async erase({ finding, values }: Erasure): Promise<ErasedCounts> {
    const events = finding.records<EventRecord>('events');
    let redacted = 0;
    for (const event of events) {
      const { value, changed } = redactJson(event.data, values);
      if (!changed) continue;
      await this.sql.run(EVENT_SQL.rewriteData.bind({ id: event.id, data: JSON.stringify(value) }));
      redacted += 1;
    }
    const deliveries = await this.subscribers.redactCopies(
      events.map((event) => eventPublicId(event.id)),
      values,
    );
    return {
      events: redacted,
      webhookDeliveries: deliveries.redacted,
      webhookDeliveriesAlreadySent: deliveries.alreadySent,
    };
  }
}
