import { ApiProperty } from '@nestjs/swagger';
import type { DeliveryState } from '../../notifications/entities/outbox-notification.entity';
import { CustomerRequestResponse } from '../../reputation/dto/customer-request.response';
import type { ProcessState } from '../../reputation/entities/reputation-process.entity';
import type { ReviewRequest } from '../entities/review-request.entity';

export class ReviewRequestResponse extends CustomerRequestResponse {
  /** @example "Jane" */
  firstName: string;

  /** @example "Doe" */
  @ApiProperty({ type: String, nullable: true })
  lastName: string | null;

  /** @example "jane.doe@example.com" */
  @ApiProperty({ type: String, nullable: true })
  emailTo: string | null;

  static from(request: ReviewRequest, processState: ProcessState, messages: DeliveryState[]): ReviewRequestResponse {
    const { firstName, lastName, email } = request;
    return { ...CustomerRequestResponse.common(request, processState, messages), firstName, lastName, emailTo: email };
  }
}
