import { Body, Get, Param, Post, Query } from '@nestjs/common';
import { ManagerApiController, RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import type { VendorAccount } from '../auth/vendor-account';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { VendorWrite } from '../write-routes/write-routes';
import { LeadMessagesParams, VendorLeadMessagesParams } from './dto/lead-message-params';
import { LeadMessagePageResponse, LeadMessageResponse } from './dto/lead-message.response';
import { IdCursorQuery } from '../common/pagination/id-cursor.query';
import { SendLeadMessageDto } from './dto/send-lead-message.dto';
import { LeadConversationsService } from './lead-conversations.service';

const leadNotFound = ApiErrors({
  status: 404,
  description: 'No such lead for this vendor.',
  example: 'Lead 1042 was not found.',
});

@VendorApiController('general-leads', 'Leads')
@ApiErrors(400)
export class LeadMessagesController {
  constructor(private readonly conversations: LeadConversationsService) {}

  /**
   * Writes to the customer of an accepted lead, by SMS (the default when the lead has a phone) or e-mail,
   * through the outbox. A first message, or one more than 24 hours after the customer's last text, waits
   * for the end of the vendor's quiet hours (`sendAfter`); an answer within 24 hours leaves at once.
   */
  @Post(':leadId/messages')
  @VendorWrite()
  @ApiEnvelope(LeadMessageResponse, { status: 201 })
  @leadNotFound
  @ApiErrors({
    status: 409,
    description:
      'The lead is not accepted, the customer opted out of (or erased) this contact, or every text-message number already serves another vendor for this phone.',
    example: 'The customer opted out of messages from Maple Renovations: no message was sent.',
  })
  @RequiresScope('reputation:write')
  async sendLeadMessage(
    @CurrentVendor() vendor: VendorAccount,
    @Param() { leadId }: LeadMessagesParams,
    @Body() { body, channel }: SendLeadMessageDto,
  ): Promise<LeadMessageResponse> {
    return LeadMessageResponse.from(await this.conversations.send(vendor.id, leadId, body, channel));
  }

  /** The lead's conversation both ways, oldest first, by cursor (`after` = the previous page's `nextAfter`). */
  @Get(':leadId/messages')
  @ApiEnvelope(LeadMessagePageResponse)
  @leadNotFound
  @RequiresScope('reputation:read')
  async listLeadMessages(
    @CurrentVendor() vendor: VendorAccount,
    @Param() { leadId }: LeadMessagesParams,
    @Query() { after, limit }: IdCursorQuery,
  ): Promise<LeadMessagePageResponse> {
    const page = await this.conversations.list(vendor.id, leadId, after, limit);
    return { ...page, content: page.content.map((message) => LeadMessageResponse.from(message)) };
  }
}

@ManagerApiController('vendors', 'Manager: leads')
@ApiErrors(400)
export class ManagerLeadMessagesController {
  constructor(private readonly conversations: LeadConversationsService) {}

  /** A lead's conversation both ways, oldest first, by cursor; read only. */
  @Get(':vendorId/leads/:leadId/messages')
  @ApiEnvelope(LeadMessagePageResponse)
  @ApiErrors({
    status: 404,
    description: 'No such vendor, or no such lead of this vendor.',
    example: 'Lead 1042 was not found.',
  })
  @RequiresScope('reputation:read')
  async listLeadMessages(
    @Param() { vendorId, leadId }: VendorLeadMessagesParams,
    @Query() { after, limit }: IdCursorQuery,
  ): Promise<LeadMessagePageResponse> {
    const page = await this.conversations.list(vendorId, leadId, after, limit);
    return { ...page, content: page.content.map((message) => LeadMessageResponse.from(message)) };
  }
}
