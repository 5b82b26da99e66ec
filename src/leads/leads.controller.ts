import { Body, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { Page } from '../common/pagination/page';
import type { VendorAccount } from '../auth/vendor-account';
import { DeclineLeadDto } from './dto/decline-lead.dto';
import { LeadFilterCountsResponse } from './dto/lead-filter-counts.response';
import { LeadIdParams } from './dto/lead-id.params';
import { LeadResponse } from './dto/lead.response';
import { ListLeadsQuery } from './dto/list-leads.query';
import { ResponseTimesQuery } from './dto/response-times.query';
import { LeadResponseTimesResponse } from './dto/response-times.response';
import { UpdatePostLeadStatusDto } from './dto/post-lead-status.dto';
import { LeadsService } from './leads.service';
import { VendorWrite } from '../write-routes/write-routes';

const leadNotFound = ApiErrors({
  status: 404,
  description: 'No such lead for this vendor.',
  example: 'Lead 1042 was not found.',
});
const alreadyDecided = ApiErrors({
  status: 409,
  description: 'The lead was already accepted or declined, or has expired.',
  example: 'Lead 1042 cannot be accepted: it was declined.',
});

@VendorApiController('general-leads', 'Leads')
@ApiErrors(400)
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  /** The vendor's leads, newest first (dateCreated, then id, descending). */
  @Get()
  @ApiEnvelope(LeadResponse, { page: 'lead' })
  @RequiresScope('leads:read')
  async listLeads(
    @CurrentVendor() vendor: VendorAccount,
    @Query() { filter, page, size }: ListLeadsQuery,
  ): Promise<Page<LeadResponse>> {
    const result = await this.leads.list(vendor.id, filter, { page, size });
    return { ...result, content: result.content.map((lead) => LeadResponse.from(lead)) };
  }

  /** How many leads each list filter shows (dashboard badges). */
  @Get('filter-counts')
  @ApiEnvelope(LeadFilterCountsResponse)
  @RequiresScope('leads:read')
  countLeadsByFilter(@CurrentVendor() vendor: VendorAccount): Promise<LeadFilterCountsResponse> {
    return this.leads.filterCounts(vendor.id);
  }

  /**
   * How fast the vendor answers its leads, over those assigned in the window (the last 90 days by
   * default, at most 366): medians and 90th percentile in minutes, percents answered within an hour
   * and a day. Declared before `:id`, which would otherwise take the path.
   */
  @Get('response-times')
  @ApiEnvelope(LeadResponseTimesResponse)
  @RequiresScope('leads:read')
  getResponseTimes(
    @CurrentVendor() vendor: VendorAccount,
    @Query() { from, to }: ResponseTimesQuery,
  ): Promise<LeadResponseTimesResponse> {
    return this.leads.responseTimes(vendor.id, from, to);
  }

  /** One lead; marks it as viewed by the vendor. */
  @Get(':id')
  @ApiEnvelope(LeadResponse)
  @leadNotFound
  @RequiresScope('leads:read')
  async getLead(@CurrentVendor() vendor: VendorAccount, @Param() { id }: LeadIdParams): Promise<LeadResponse> {
    return LeadResponse.from(await this.leads.view(vendor.id, id));
  }

  /** Accepts a lead waiting for a decision; its contact details become visible. */
  @Post(':id/accept')
  @VendorWrite()
  @HttpCode(HttpStatus.OK)
  @ApiEnvelope(LeadResponse)
  @leadNotFound
  @alreadyDecided
  @RequiresScope('leads:write')
  async acceptLead(@CurrentVendor() vendor: VendorAccount, @Param() { id }: LeadIdParams): Promise<LeadResponse> {
    return LeadResponse.from(await this.leads.accept(vendor.id, id));
  }

  /** Declines a lead waiting for a decision, with the reason. */
  @Post(':id/decline')
  @VendorWrite()
  @HttpCode(HttpStatus.OK)
  @ApiEnvelope(LeadResponse)
  @leadNotFound
  @alreadyDecided
  @RequiresScope('leads:write')
  async declineLead(
    @CurrentVendor() vendor: VendorAccount,
    @Param() { id }: LeadIdParams,
    @Body() { declineReason }: DeclineLeadDto,
  ): Promise<LeadResponse> {
    return LeadResponse.from(await this.leads.decline(vendor.id, id, declineReason));
  }

  /** Reports where an accepted lead stands. */
  @Patch(':id/post-lead-status')
  @VendorWrite()
  @ApiEnvelope(LeadResponse)
  @leadNotFound
  @ApiErrors({
    status: 409,
    description: 'The lead is not accepted.',
    example:
      'Lead 1042 is not accepted (it is still waiting for a decision); only an accepted lead takes a post-lead status.',
  })
  @RequiresScope('leads:write')
  async setPostLeadStatus(
    @CurrentVendor() vendor: VendorAccount,
    @Param() { id }: LeadIdParams,
    @Body() { postLeadStatus }: UpdatePostLeadStatusDto,
  ): Promise<LeadResponse> {
    return LeadResponse.from(await this.leads.setPostLeadStatus(vendor.id, id, postLeadStatus));
  }
}
