import { Body, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { ManagerApiController } from '../auth/decorators/access.decorators';
import { ErrorEnvelopeDto } from '../common/envelope/envelope';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiTokenResponse } from './dto/api-token.response';
import { CreateVendorDto } from './dto/create-vendor.dto';
import { UpdateVendorDto } from './dto/update-vendor.dto';
import { VendorIdParams } from './dto/vendor-id.params';
import { SearchVendorsQuery } from './dto/search-vendors.query';
import { VendorPageResponse, VendorSummaryResponse } from './dto/vendor-summary.response';
import { UpdateVendorFeaturesDto, VendorFeaturesResponse } from './dto/vendor-features.dto';
import { VendorsService } from './vendors.service';

@ManagerApiController('vendors', 'Manager: vendors')
@ApiBadRequestResponse({ description: 'Invalid input.', type: ErrorEnvelopeDto })
export class VendorsController {
  constructor(private readonly vendors: VendorsService) {}

  /** Searches vendors by name or id, in name order (case-insensitive), then id. */
  @Get()
  @ApiEnvelope(VendorSummaryResponse, { page: 'vendor' })
  async search(@Query() query: SearchVendorsQuery): Promise<VendorPageResponse> {
    const { vendors, total } = await this.vendors.search(query);
    return VendorPageResponse.of(vendors, total, query.page, query.size);
  }

  /** Creates a vendor account (beyond the spec: how vendors come to exist). */
  @Post()
  @ApiEnvelope(VendorSummaryResponse, { status: 201 })
  async create(@Body() body: CreateVendorDto): Promise<VendorSummaryResponse> {
    return VendorSummaryResponse.from(await this.vendors.create(body));
  }

  /** Changes a vendor's details or activation; a deactivated vendor's token is refused with 403. */
  @Patch(':vendorId')
  @ApiEnvelope(VendorSummaryResponse)
  @ApiNotFoundResponse({ description: 'Unknown vendor.', type: ErrorEnvelopeDto })
  async update(@Param() { vendorId }: VendorIdParams, @Body() body: UpdateVendorDto): Promise<VendorSummaryResponse> {
    return VendorSummaryResponse.from(await this.vendors.update(vendorId, body));
  }

  /** Issues the vendor's API token; the previous token stops working immediately. */
  @Post(':vendorId/api-token')
  @ApiEnvelope(ApiTokenResponse, { status: 201 })
  @ApiNotFoundResponse({ description: 'Unknown vendor.', type: ErrorEnvelopeDto })
  async issueToken(@Param() { vendorId }: VendorIdParams): Promise<ApiTokenResponse> {
    return { token: await this.vendors.issueToken(vendorId) };
  }

  /** The vendor's feature flags. */
  @Get(':vendorId/features')
  @ApiEnvelope(VendorFeaturesResponse)
  @ApiNotFoundResponse({ description: 'Unknown vendor.', type: ErrorEnvelopeDto })
  features(@Param() { vendorId }: VendorIdParams): Promise<VendorFeaturesResponse> {
    return this.vendors.getFeatures(vendorId);
  }

  /** Switches any of the three feature flags; answers all three as they now are. */
  @Patch(':vendorId/features')
  @ApiEnvelope(VendorFeaturesResponse)
  @ApiNotFoundResponse({ description: 'Unknown vendor.', type: ErrorEnvelopeDto })
  updateFeatures(
    @Param() { vendorId }: VendorIdParams,
    @Body() body: UpdateVendorFeaturesDto,
  ): Promise<VendorFeaturesResponse> {
    return this.vendors.setFeatures(vendorId, body);
  }
}
