import { Get, Param, Query } from '@nestjs/common';
import { ManagerApiController, RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import type { VendorAccount } from '../auth/vendor-account';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { ProcessIdParams } from '../reputation/dto/process-id.params';
import { ConversationsService } from './conversations.service';
import { InboundMessagePageResponse } from './dto/inbound-message.response';
import { IdCursorQuery } from '../common/pagination/id-cursor.query';
import { ProcessMessageResponse } from './dto/process-message.response';

@VendorApiController('reputation-process', 'Reputation')
export class ProcessMessagesController {
  constructor(private readonly conversations: ConversationsService) {}

  /** The process's messages both ways: what was sent to the customer, and what they texted back; oldest first. */
  @Get(':processId/messages')
  @ApiEnvelope(ProcessMessageResponse, { isArray: true })
  @ApiErrors({
    status: 404,
    description: 'No process of this vendor has this id.',
    example: 'Reputation process 42 was not found.',
  })
  @RequiresScope('reputation:read')
  messages(
    @CurrentVendor() vendor: VendorAccount,
    @Param() { processId }: ProcessIdParams,
  ): Promise<ProcessMessageResponse[]> {
    return this.conversations.ofProcess(vendor.id, processId);
  }
}

@ManagerApiController('inbound-messages', 'Manager: inbound messages')
export class InboundMessagesController {
  constructor(private readonly conversations: ConversationsService) {}

  /** Customers' texts that matched no reputation process (a reply to nobody, a sender that is not a phone), oldest first. */
  @Get()
  @ApiEnvelope(InboundMessagePageResponse)
  @ApiErrors({ status: 400, description: 'Invalid after or limit.' })
  @RequiresScope('reputation:read')
  list(@Query() { after, limit }: IdCursorQuery): Promise<InboundMessagePageResponse> {
    return this.conversations.unmatched(after, limit);
  }
}
