/** The event types of docs/contract.md#events-webhooks. `ping` is only ever sent to one endpoint, by its test call. */
export const EVENT_TYPES = [
  'lead.assigned',
  'lead.viewed',
  'lead.accepted',
  'lead.declined',
  'lead.expired',
  'lead.status_changed',
  'review_request.created',
  'feedback_request.created',
  'feedback.received',
  'review.link_clicked',
  'review.completed',
  'referral.converted',
  'contact.opted_out',
  'message.failed',
  'message.suppressed',
  'message.received',
  'customer.erased',
  'ping',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What a producer records: every type but the test ping. */
export type RecordedEventType = Exclude<EventType, 'ping'>;

/** An endpoint's subscription may also be `["*"]`: every recorded type. */
export const ALL_EVENTS = '*';

/** The body of a webhook and of an item of `GET /events`. */
export interface EventEnvelope {
  id: string;
  type: EventType;
  timestamp: string;
  vendorId: number | null;
  data: object;
}

/** The public id of a stored event: `evt_` and its number, so ids of one feed compare by their order. */
export const eventPublicId = (id: number | string): string => `evt_${id}`;

export function parseEventPublicId(value: string): number | undefined {
  const match = /^evt_([1-9]\d{0,17})$/.exec(value);
  return match ? Number(match[1]) : undefined;
}
