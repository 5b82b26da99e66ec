import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { exportedTime, exportedTimeOrNull } from '../../common/privacy/customer-data-export';
import { INT32_ID, INT64_ID } from '../../common/validation/canonical-int.decorator';
import type { ProcessEventRecord, ProcessRecord } from '../reputation.sql';

/**
 * A request of a process (feedback or review) and what the customer answered: filled by the module
 * that owns each kind of request.
 */
export class ExportedRequest {
  @ApiInteger(INT64_ID) id: number;
  /** @example "FEEDBACK" */
  @ApiProperty({ enum: ['FEEDBACK', 'REVIEW'] })
  kind: 'FEEDBACK' | 'REVIEW';
  /** As the request named the customer. @example "Jane Doe" */
  name: string;
  email: string | null;
  phone: string | null;
  createdAt: string;
  answeredAt: string | null;
  /** Feedback: 1..5 stars. */
  rating: number | null;
  wouldRefer: boolean | null;
  comment: string | null;
  /** Review: the answer to "are you happy with us?". */
  happy: boolean | null;
  /** Review: when the customer confirmed posting it. */
  confirmedAt: string | null;
}

/** One step of the journey: an answer, a click on a review link, a referral. */
export class ExportedStep {
  @ApiInteger(INT64_ID) id: number;
  /** @example "REVIEW_LINK_CLICKED" */
  type: string;
  at: string;
  rating: number | null;
  wouldRefer: boolean | null;
  /** @example "GOOGLE" */
  platform: string | null;
  /** @example "EMAIL" */
  channel: string | null;

  static from(step: ProcessEventRecord): ExportedStep {
    const { id, type, occurredAt, rating, wouldRefer, platform, channel } = step;
    return { id: Number(id), type, at: exportedTime(occurredAt), rating, wouldRefer, platform, channel };
  }
}

/** A process sent to the person; its referrals are nested in it by the referrals' module. */
export class ExportedProcess {
  @ApiInteger(INT64_ID) id: number;
  @ApiInteger(INT32_ID) vendorId: number;
  /** @example "FEEDBACK_REQUEST" */
  origin: string;
  /** @example "COMPLETED" */
  state: string;
  firstName: string;
  email: string | null;
  phone: string | null;
  privateFeedback: string | null;
  startedAt: string;
  endedAt: string | null;
  optedOutAt: string | null;
  @ApiProperty({ type: [ExportedRequest] })
  requests: ExportedRequest[];
  @ApiProperty({ type: [ExportedStep] })
  steps: ExportedStep[];

  /** The process without its nested records (the export nests them once every part is filled). */
  static from(process: ProcessRecord): Omit<ExportedProcess, 'requests' | 'steps'> {
    return {
      id: Number(process.id),
      vendorId: process.vendorId,
      origin: process.origin,
      state: process.state,
      firstName: process.firstName,
      email: process.email,
      phone: process.phone,
      privateFeedback: process.privateFeedback,
      startedAt: exportedTime(process.startedAt),
      endedAt: exportedTimeOrNull(process.endedAt),
      optedOutAt: exportedTimeOrNull(process.optedOutAt),
    };
  }
}
