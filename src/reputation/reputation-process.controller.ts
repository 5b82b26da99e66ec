import { HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ErrorEnvelopeDto } from '../common/envelope/envelope';
import type { VendorAccount } from '../auth/vendor-account';
import { ProcessIdParams } from './dto/process-id.params';
import { ReputationProcessResponse } from './dto/reputation-process.response';
import { ReputationProcessService } from './reputation-process.service';

@VendorApiController('reputation-process', 'Reputation')
export class ReputationProcessController {
  constructor(private readonly processes: ReputationProcessService) {}

  /**
   * Cancels a process in progress (beyond the spec): it becomes terminated, its customer page says the
   * request was withdrawn and no further message is sent for it.
   */
  @Post(':processId/cancel')
  @HttpCode(HttpStatus.OK)
  @ApiEnvelope(ReputationProcessResponse)
  @ApiBadRequestResponse({ description: 'Invalid input.', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'No such process of this vendor.', type: ErrorEnvelopeDto })
  @ApiConflictResponse({ description: 'The process is already completed or terminated.', type: ErrorEnvelopeDto })
  async cancel(
    @CurrentVendor() vendor: VendorAccount,
    @Param() { processId }: ProcessIdParams,
  ): Promise<ReputationProcessResponse> {
    return ReputationProcessResponse.from(await this.processes.cancel(vendor.id, processId));
  }
}
