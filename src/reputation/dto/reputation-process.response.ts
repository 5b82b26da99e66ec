import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT64_ID } from '../../common/validation/canonical-int.decorator';
import { ApiProperty } from '@nestjs/swagger';
import {
  JourneyStep,
  ProcessOrigin,
  ProcessState,
  TerminationReason,
  type ReputationProcess,
} from '../entities/reputation-process.entity';

export class ReputationProcessResponse {
  /** @example 17 */
  @ApiInteger(INT64_ID)
  id: number;

  @ApiProperty({ enum: ProcessOrigin, example: ProcessOrigin.FeedbackRequest })
  origin: ProcessOrigin;

  @ApiProperty({ enum: ProcessState, example: ProcessState.Terminated })
  state: ProcessState;

  @ApiProperty({ enum: JourneyStep, example: JourneyStep.Feedback })
  step: JourneyStep;

  /** @example "2026-11-21T20:01:02.123Z" */
  startedAt: Date;

  /** When it was completed or terminated. @example "2026-11-22T08:00:00.000Z" */
  @ApiProperty({ type: Date, nullable: true })
  endedAt: Date | null;

  @ApiProperty({ enum: TerminationReason, nullable: true, example: TerminationReason.CancelledByVendor })
  terminationReason: TerminationReason | null;

  static from(process: ReputationProcess): ReputationProcessResponse {
    const { id, origin, state, step, startedAt, endedAt, terminationReason } = process;
    return { id, origin, state, step, startedAt, endedAt, terminationReason };
  }
}
