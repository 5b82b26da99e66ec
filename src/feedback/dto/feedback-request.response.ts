import { ApiProperty } from '@nestjs/swagger';
import { DeliveryStatus } from '../../notifications/dto/delivery-status.response';
import type { OutboxNotification } from '../../notifications/entities/outbox-notification.entity';
import type { FeedbackRequest } from '../entities/feedback-request.entity';
import { JourneyStep, ProcessState, type ReputationProcess } from '../../reputation/entities/reputation-process.entity';

/** A feedback request with where the customer's journey stands. */
export class FeedbackRequestResponse {
  /** @example 42 */
  id: number;

  /** The customer's reputation process this request began. @example 17 */
  processId: number;

  /** @example "Jane Doe" */
  customerName: string;

  /** @example "jane.doe@example.com" */
  @ApiProperty({ type: String, nullable: true })
  email: string | null;

  /** @example "416-555-0142" */
  @ApiProperty({ type: String, nullable: true })
  phone: string | null;

  /** @example "2026-11-21T20:01:02.123Z" */
  dateCreated: Date;

  /** Whether the customer has answered (rated). @example true */
  answered: boolean;

  /** @example "2026-11-22T09:30:00.000Z" */
  @ApiProperty({ type: Date, nullable: true })
  answeredAt: Date | null;

  /** 1..5 stars; null until answered. @example 5 */
  @ApiProperty({ type: Number, nullable: true, minimum: 1, maximum: 5 })
  rating: number | null;

  /** Whether the customer would refer the vendor; null until answered. @example true */
  @ApiProperty({ type: Boolean, nullable: true })
  wouldRefer: boolean | null;

  /** The comment given with the rating. @example "Tidy and on time." */
  @ApiProperty({ type: String, nullable: true })
  comment: string | null;

  /** What the customer wrote privately after a negative answer. @example null */
  @ApiProperty({ type: String, nullable: true })
  privateFeedback: string | null;

  @ApiProperty({ enum: ProcessState, example: ProcessState.InProgress })
  processState: ProcessState;

  /** The step the customer's page shows now. */
  @ApiProperty({ enum: JourneyStep, example: JourneyStep.ReviewQuestion })
  processStep: JourneyStep;

  /** One entry per message sent for this request (email and/or SMS). */
  @ApiProperty({ type: [DeliveryStatus] })
  deliveries: DeliveryStatus[];

  static from(
    request: FeedbackRequest,
    process: ReputationProcess,
    messages: OutboxNotification[],
  ): FeedbackRequestResponse {
    const { id, processId, customerName, email, phone, createdAt, answeredAt, rating, wouldRefer, comment } = request;
    return {
      id,
      processId,
      customerName,
      email,
      phone,
      dateCreated: createdAt,
      answered: answeredAt !== null,
      answeredAt,
      rating,
      wouldRefer,
      comment,
      privateFeedback: process.privateFeedback,
      processState: process.state,
      processStep: process.step,
      deliveries: messages.map((message) => DeliveryStatus.from(message)),
    };
  }
}
