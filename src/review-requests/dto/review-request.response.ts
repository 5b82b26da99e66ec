import { ApiProperty } from '@nestjs/swagger';
import { DeliveryStatus } from '../../notifications/dto/delivery-status.response';
import type { OutboxNotification } from '../../notifications/entities/outbox-notification.entity';
import { ProcessState } from '../../reputation/entities/reputation-process.entity';
import type { ReviewRequest } from '../entities/review-request.entity';

export class ReviewRequestResponse {
  /** @example 42 */
  id: number;

  /** The customer's reputation process this request belongs to. @example 17 */
  processId: number;

  /** @example "Jane" */
  firstName: string;

  /** @example "Doe" */
  @ApiProperty({ type: String, nullable: true })
  lastName: string | null;

  /** @example "jane.doe@example.com" */
  @ApiProperty({ type: String, nullable: true })
  emailTo: string | null;

  /** @example "416-555-0142" */
  @ApiProperty({ type: String, nullable: true })
  phone: string | null;

  /** @example "2026-11-21T20:01:02.123Z" */
  dateCreated: Date;

  @ApiProperty({ enum: ProcessState, example: ProcessState.InProgress })
  processState: ProcessState;

  /** One entry per message sent for this request (email and/or SMS). */
  @ApiProperty({ type: [DeliveryStatus] })
  deliveries: DeliveryStatus[];

  static from(
    request: ReviewRequest,
    processState: ProcessState,
    messages: OutboxNotification[],
  ): ReviewRequestResponse {
    const { id, processId, firstName, lastName, email, phone, createdAt } = request;
    return {
      id,
      processId,
      firstName,
      lastName,
      emailTo: email,
      phone,
      dateCreated: createdAt,
      processState,
      deliveries: messages.map((message) => DeliveryStatus.from(message)),
    };
  }
}
