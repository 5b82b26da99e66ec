import { Body, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ErrorEnvelopeDto } from '../common/envelope/envelope';
import { Page } from '../common/pagination/page';
import type { VendorAccount } from '../auth/vendor-account';
import { DeclineLeadDto } from './dto/decline-lead.dto';
import { LeadFilterCountsResponse } from './dto/lead-filter-counts.response';
import { LeadIdParams } from './dto/lead-id.params';
import { LeadResponse } from './dto/lead.response';
import { ListLeadsQuery } from './dto/list-leads.query';
import { UpdatePostLeadStatusDto } from './dto/post-lead-status.dto';
import { LeadsService } from './leads.service';

const leadNotFound = ApiNotFoundResponse({ description: 'No such lead for this vendor.', type: ErrorEnvelopeDto });
const alreadyDecided = ApiConflictResponse({
  description: 'The lead was already accepted or declined, or has expired.',
  type: ErrorEnvelopeDto,
});

@VendorApiController('general-leads', 'Leads')
@ApiBadRequestResponse({ description: 'Invalid input.', type: ErrorEnvelopeDto })
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  /** The vendor's leads, newest first (dateCreated, then id, descending). */
  @Get()
  @ApiEnvelope(LeadResponse, { page: 'lead' })
  async list(
    @CurrentVendor() vendor: VendorAccount,
    @Query() { filter, page, size }: ListLeadsQuery,
  ): Promise<Page<LeadResponse>> {
    const result = await this.leads.list(vendor.id, filter, { page, size });
    return { ...result, content: result.content.map((lead) => LeadResponse.from(lead)) };
  }

  /** How many leads each list filter shows (dashboard badges). */
  @Get('filter-counts')
  @ApiEnvelope(LeadFilterCountsResponse)
  filterCounts(@CurrentVendor() vendor: VendorAccount): Promise<LeadFilterCountsResponse> {
    return this.leads.filterCounts(vendor.id);
  }

  /** One lead; marks it as viewed by the vendor. */
  @Get(':id')
  @ApiEnvelope(LeadResponse)
  @leadNotFound
  async get(@CurrentVendor() vendor: VendorAccount, @Param() { id }: LeadIdParams): Promise<LeadResponse> {
    return LeadResponse.from(await this.leads.view(vendor.id, id));
  }

  /** Accepts a lead waiting for a decision; its contact details become visible. */
  @Post(':id/accept')
  @HttpCode(HttpStatus.OK)
  @ApiEnvelope(LeadResponse)
  @leadNotFound
  @alreadyDecided
  async accept(@CurrentVendor() vendor: VendorAccount, @Param() { id }: LeadIdParams): Promise<LeadResponse> {
    return LeadResponse.from(await this.leads.accept(vendor.id, id));
  }

  /** Declines a lead waiting for a decision, with the reason. */
  @Post(':id/decline')
  @HttpCode(HttpStatus.OK)
  @ApiEnvelope(LeadResponse)
  @leadNotFound
  @alreadyDecided
  async decline(
    @CurrentVendor() vendor: VendorAccount,
    @Param() { id }: LeadIdParams,
    @Body() { declineReason }: DeclineLeadDto,
  ): Promise<LeadResponse> {
    return LeadResponse.from(await this.leads.decline(vendor.id, id, declineReason));
  }

  /** Reports where an accepted lead stands. */
  @Patch(':id/post-lead-status')
  @ApiEnvelope(LeadResponse)
  @leadNotFound
  @ApiConflictResponse({ description: 'The lead is not accepted.', type: ErrorEnvelopeDto })
  async setPostLeadStatus(
    @CurrentVendor() vendor: VendorAccount,
    @Param() { id }: LeadIdParams,
    @Body() { postLeadStatus }: UpdatePostLeadStatusDto,
  ): Promise<LeadResponse> {
    return LeadResponse.from(await this.leads.setPostLeadStatus(vendor.id, id, postLeadStatus));
  }
}
