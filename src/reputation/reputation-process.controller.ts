import { HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import type { VendorAccount } from '../auth/vendor-account';
import { ProcessIdParams } from './dto/process-id.params';
import { ReputationProcessResponse } from './dto/reputation-process.response';
import { ReputationProcessService } from './reputation-process.service';
import { VendorWrite } from '../write-routes/write-routes';

@VendorApiController('reputation-process', 'Reputation')
export class ReputationProcessController {
  constructor(private readonly processes: ReputationProcessService) {}

  /**
   * Cancels a process in progress: it becomes terminated, its customer page says the
   * request was withdrawn and no further message is sent for it.
   */
  @Post(':processId/cancel')
  @VendorWrite()
  @HttpCode(HttpStatus.OK)
  @ApiEnvelope(ReputationProcessResponse)
  @ApiErrors(400)
  @ApiErrors({
    status: 404,
    description: 'No such process of this vendor.',
    example: 'Reputation process 17 was not found.',
  })
  @ApiErrors({
    status: 409,
    description: 'The process is already completed or terminated.',
    example: 'Reputation process 17 is completed; only a process in progress can be cancelled.',
  })
  @RequiresScope('reputation:write')
  async cancelReputationProcess(
    @CurrentVendor() vendor: VendorAccount,
    @Param() { processId }: ProcessIdParams,
  ): Promise<ReputationProcessResponse> {
    return ReputationProcessResponse.from(await this.processes.cancel(vendor.id, processId));
  }
}
