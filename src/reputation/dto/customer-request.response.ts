import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT64_ID } from '../../common/validation/canonical-int.decorator';
import { ApiProperty } from '@nestjs/swagger';
import { DeliveryStatus } from '../../notifications/dto/delivery-status.response';
import type { DeliveryState } from '../../notifications/entities/outbox-notification.entity';
import type { CustomerRequest } from '../entities/process-record';
import { ProcessState } from '../entities/reputation-process.entity';

/** What every request sent to a customer (review, feedback) shows: where it went and how it stands. */
export abstract class CustomerRequestResponse {
  /** @example 42 */
  @ApiInteger(INT64_ID)
  id: number;

  /** The customer's reputation process this request belongs to. @example 17 */
  @ApiInteger(INT64_ID)
  processId: number;

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

  /**
   * Beyond the spec: when the SMS, held for the vendor's quiet hours, leaves (the e-mail leaves at once);
   * null when no message waits for them.
   * @example "2026-11-24T14:00:00.000Z"
   */
  @ApiProperty({ type: Date, nullable: true })
  sendAfter: Date | null;

  protected static common(
    request: CustomerRequest,
    processState: ProcessState,
    messages: DeliveryState[],
  ): CustomerRequestResponse {
    return {
      id: request.id,
      processId: request.processId,
      phone: request.phone,
      dateCreated: request.createdAt,
      processState,
      deliveries: messages.map((message) => DeliveryStatus.from(message)),
      sendAfter: messages.find((message) => message.sendAfter)?.sendAfter ?? null,
    };
  }
}
