import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { ApiProperty } from '@nestjs/swagger';
import {
  DELIVERY_ERROR_CODES,
  type DeliveryErrorCode,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_STATUSES,
  type NotificationChannel,
  type NotificationStatus,
} from '../notification.types';
import type { DeliveryState } from '../entities/outbox-notification.entity';

/** Where one message (e-mail or SMS) of a request stands; producers embed a list of these in their responses. */
export class DeliveryStatus {
  @ApiProperty({ enum: NOTIFICATION_CHANNELS, example: 'EMAIL' })
  channel: NotificationChannel;

  /**
   * PENDING: queued or being retried; SENT: accepted by the mail server / SMS provider; FAILED: given up;
   * SUPPRESSED: not sent, no basis of consent in force when it was to leave (`errorCode` NO_CONSENT).
   */
  @ApiProperty({ enum: NOTIFICATION_STATUSES, example: 'SENT' })
  status: NotificationStatus;

  /**
   * Delivery attempts made so far.
   * @example 1
   */
  @ApiInteger({ min: 0 })
  attempts: number;

  /** Why the last attempt failed, as a stable code; null when it did not (always null once SENT). */
  @ApiProperty({ enum: DELIVERY_ERROR_CODES, nullable: true, example: 'REFUSED' })
  errorCode: DeliveryErrorCode | null;

  /**
   * The same in words, for people: the provider's reply when it gave one (on one line, our network's
   * addresses replaced, at most 200 characters of it); null when the last attempt did not fail.
   * @example "The mail server answered: 550 5.1.1 Recipient address rejected"
   */
  @ApiProperty({ type: String, nullable: true })
  lastError: string | null;

  /**
   * When the provider accepted the message; null until then.
   * @example "2026-11-21T20:01:02.123Z"
   */
  @ApiProperty({ type: Date, nullable: true })
  sentAt: Date | null;

  /**
   * For a PENDING message, the earliest time of its next attempt; null otherwise.
   * @example null
   */
  @ApiProperty({ type: Date, nullable: true })
  nextAttemptAt: Date | null;

  static from(row: DeliveryState): DeliveryStatus {
    const { channel, status, attempts, lastErrorCode, lastError, sentAt, nextAttemptAt } = row;
    return {
      channel,
      status,
      attempts,
      errorCode: lastErrorCode,
      lastError,
      sentAt,
      nextAttemptAt: status === 'PENDING' ? nextAttemptAt : null,
    };
  }
}
