import { exportedTime } from '../../common/privacy/customer-data-export';
import type { EventRecord } from '../events.sql';

/** An event of the person's leads, processes or messages, without its payload. */
export class ExportedEvent {
  /** @example "evt_981" */
  id: string;
  /** @example "lead.assigned" */
  type: string;
  time: string;

  static from(event: EventRecord): ExportedEvent {
    return { id: `evt_${event.id}`, type: event.type, time: exportedTime(event.occurredAt) };
  }
}
