import { Body, Get, Param, Post, Query } from '@nestjs/common';
import { ManagerApiController, RequiresScope } from '../auth/decorators/access.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { VendorIdParams } from '../vendors/dto/vendor-id.params';
import { CreateLeadDto } from './dto/create-lead.dto';
import { ManagerLeadResponse } from './dto/lead.response';
import { ResponseTimesQuery } from './dto/response-times.query';
import { LeadResponseTimesResponse } from './dto/response-times.response';
import { LeadsService } from './leads.service';
import { ManagerWrite } from '../write-routes/write-routes';

/**
 * How the operator's team assigns leads to vendors (vendors then read, accept or decline them through
 * the vendor API), and sees how fast each vendor answers.
 */
@ManagerApiController('vendors', 'Manager: leads')
@ApiErrors(400)
export class LeadAssignmentController {
  constructor(private readonly leads: LeadsService) {}

  /**
   * Assigns a new lead to the vendor; answers it with the customer's contact details. The body may be up
   * to 200 kB, so that every field at its maximum length fits whatever characters it holds.
   */
  @Post(':vendorId/leads')
  @ManagerWrite({ type: 'lead', id: 'answer' })
  @ApiEnvelope(ManagerLeadResponse, { status: 201 })
  @ApiErrors({ status: 404, description: 'Unknown vendor.', example: 'Vendor 42 was not found.' })
  @RequiresScope('leads:write')
  async assignLead(@Param() { vendorId }: VendorIdParams, @Body() body: CreateLeadDto): Promise<ManagerLeadResponse> {
    return ManagerLeadResponse.from(await this.leads.assign(vendorId, body));
  }

  /** How fast the vendor answers its leads, as GET /rest-api-v1/general-leads/response-times shows it. */
  @Get(':vendorId/response-times')
  @ApiEnvelope(LeadResponseTimesResponse)
  @ApiErrors({ status: 404, description: 'Unknown vendor.', example: 'Vendor 42 was not found.' })
  @RequiresScope('leads:read')
  getVendorResponseTimes(
    @Param() { vendorId }: VendorIdParams,
    @Query() { from, to }: ResponseTimesQuery,
  ): Promise<LeadResponseTimesResponse> {
    return this.leads.responseTimes(vendorId, from, to);
  }
}
