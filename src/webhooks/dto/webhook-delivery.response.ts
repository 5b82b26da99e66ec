import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT64_ID } from '../../common/validation/canonical-int.decorator';
import { ApiProperty } from '@nestjs/swagger';
import { WEBHOOK_DELIVERY_STATUSES, WebhookDelivery, WebhookDeliveryStatus } from '../entities/webhook-delivery.entity';

export class WebhookDeliveryResponse {
  /** @example 120 */
  @ApiInteger(INT64_ID)
  id: number;

  /** Sent as `webhook-id`, the same on every attempt. @example "evt_981" */
  eventId: string;

  /** @example "lead.assigned" */
  eventType: string;

  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES })
  status: WebhookDeliveryStatus;

  /** @example 1 */
  @ApiInteger({ min: 0 })
  attempts: number;

  /** The receiver's last HTTP status; null when it did not answer. @example 200 */
  @ApiInteger({ min: 100, max: 599 })
  lastStatusCode: number | null;

  /** Why the last attempt failed. */
  lastError: string | null;

  /** At most 1 KB of the receiver's last answer. */
  lastResponse: string | null;

  /** When the next attempt is due; null once SUCCEEDED or FAILED. */
  nextAttemptAt: Date | null;

  createdAt: Date;

  deliveredAt: Date | null;

  static from(delivery: WebhookDelivery): WebhookDeliveryResponse {
    return {
      id: Number(delivery.id),
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      status: delivery.status,
      attempts: delivery.attempts,
      lastStatusCode: delivery.lastStatusCode,
      lastError: delivery.lastError,
      lastResponse: delivery.lastResponse,
      nextAttemptAt: delivery.status === 'PENDING' ? delivery.nextAttemptAt : null,
      createdAt: delivery.createdAt,
      deliveredAt: delivery.deliveredAt,
    };
  }
}
