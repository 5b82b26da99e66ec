import { ApiProperty } from '@nestjs/swagger';
import type { DeliveryState } from '../../notifications/entities/outbox-notification.entity';
import { CustomerRequestResponse } from '../../reputation/dto/customer-request.response';
import { JourneyStep, type ReputationProcess } from '../../reputation/entities/reputation-process.entity';
import type { FeedbackRequest } from '../entities/feedback-request.entity';

/** A feedback request with where the customer's journey stands. */
export class FeedbackRequestResponse extends CustomerRequestResponse {
  /** @example "Jane Doe" */
  customerName: string;

  /** @example "jane.doe@example.com" */
  @ApiProperty({ type: String, nullable: true })
  email: string | null;

  /** Whether the customer has answered (rated). @example true */
  answered: boolean;

  /** @example "2026-11-22T09:30:00.000Z" */
  @ApiProperty({ type: Date, nullable: true })
  answeredAt: Date | null;

  /** 1..5 stars; null until answered. @example 5 */
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, maximum: 5 })
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

  /** The step the customer's page shows now. */
  @ApiProperty({ enum: JourneyStep, example: JourneyStep.ReviewQuestion })
  processStep: JourneyStep;

  static from(
    request: FeedbackRequest,
    process: ReputationProcess,
    messages: DeliveryState[],
  ): FeedbackRequestResponse {
    const { customerName, email, answeredAt, rating, wouldRefer, comment } = request;
    return {
      ...CustomerRequestResponse.common(request, process.state, messages),
      customerName,
      email,
      answered: answeredAt !== null,
      answeredAt,
      rating,
      wouldRefer,
      comment,
      privateFeedback: process.privateFeedback,
      processStep: process.step,
    };
  }
}
