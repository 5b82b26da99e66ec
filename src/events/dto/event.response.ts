import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT32_ID } from '../../common/validation/canonical-int.decorator';
import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES, type EventType } from '../event-types';

/** One event: the body of its webhook, and an item of the feed. */
export class EventResponse {
  /** Also the `webhook-id` of its deliveries. @example "evt_981" */
  id: string;

  @ApiProperty({ enum: EVENT_TYPES, example: 'lead.assigned' })
  type: EventType;

  /** When the change was made (its transaction began). @example "2026-11-21T20:01:02.123Z" */
  timestamp: string;

  /** The vendor the event concerns. @example 7 */
  @ApiInteger(INT32_ID)
  vendorId: number | null;

  /**
   * The resource as the vendor API shows it at that moment: a lead event carries the lead (contact
   * details only once accepted); reputation events carry the process id, the request id and what
   * the customer did.
   */
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { id: 1042, category: 'Kitchen renovation', customerName: 'Jane Homeowner', customerEmail: null },
  })
  data: object;
}

export class EventPageResponse {
  @ApiProperty({ type: [EventResponse] })
  content: EventResponse[];

  /** True when more events follow; call again with `after=nextAfter`. */
  hasMore: boolean;

  /** The id to pass as `after` next time. @example "evt_981" */
  nextAfter: string | null;
}
