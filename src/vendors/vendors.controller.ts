import { Body, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ManagerApiController, RequiresScope } from '../auth/decorators/access.decorators';
import { CurrentManager } from '../auth/decorators/principal.decorators';
import type { Manager } from '../auth/entities/manager.entity';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiTokenResponse } from './dto/api-token.response';
import { CreateVendorDto } from './dto/create-vendor.dto';
import { UpdateVendorDto } from './dto/update-vendor.dto';
import { VendorIdParams } from './dto/vendor-id.params';
import { SearchVendorsQuery } from './dto/search-vendors.query';
import { VendorPageResponse, VendorSummaryResponse } from './dto/vendor-summary.response';
import { UpdateVendorFeaturesDto, VendorFeaturesResponse } from './dto/vendor-features.dto';
import { VendorsService } from './vendors.service';
import { IssuesCredential } from '../common/http/issues-credential.decorator';
import { ManagerWrite } from '../write-routes/write-routes';

@ManagerApiController('vendors', 'Manager: vendors')
@ApiErrors(400)
export class VendorsController {
  constructor(private readonly vendors: VendorsService) {}

  /** Searches vendors by name or id, in name order (case-insensitive), then id. */
  @Get()
  @ApiEnvelope(VendorSummaryResponse, { page: 'vendor' })
  @RequiresScope('accounts:read')
  async searchVendors(@Query() query: SearchVendorsQuery): Promise<VendorPageResponse> {
    const { vendors, total } = await this.vendors.search(query);
    return VendorPageResponse.of(vendors, total, query.page, query.size);
  }

  /** Creates a vendor account; issue its API token next (`POST …/vendors/{vendorId}/api-token`). */
  @Post()
  @ManagerWrite({ type: 'vendor', id: 'answer' })
  @ApiEnvelope(VendorSummaryResponse, { status: 201 })
  @RequiresScope('accounts:write')
  async createVendor(@Body() body: CreateVendorDto): Promise<VendorSummaryResponse> {
    return VendorSummaryResponse.from(await this.vendors.create(body));
  }

  /** Changes a vendor's details or activation; a deactivated vendor's token is refused with 403. */
  @Patch(':vendorId')
  @ManagerWrite({ type: 'vendor', id: ':vendorId' })
  @ApiEnvelope(VendorSummaryResponse)
  @ApiErrors({ status: 404, description: 'Unknown vendor.', example: 'Vendor 42 was not found.' })
  @RequiresScope('accounts:write')
  async updateVendor(
    @Param() { vendorId }: VendorIdParams,
    @Body() body: UpdateVendorDto,
  ): Promise<VendorSummaryResponse> {
    return VendorSummaryResponse.from(await this.vendors.update(vendorId, body));
  }

  /**
   * Issues the vendor's API token, a key named `api-token` with every scope; the previous `api-token`
   * stops working immediately, the vendor's other keys stay.
   */
  @Post(':vendorId/api-token')
  @ManagerWrite({ type: 'vendor', id: ':vendorId' })
  @IssuesCredential()
  @ApiEnvelope(ApiTokenResponse, { status: 201 })
  @ApiErrors({ status: 404, description: 'Unknown vendor.', example: 'Vendor 42 was not found.' })
  @RequiresScope('accounts:write')
  async issueVendorToken(
    @CurrentManager() manager: Manager,
    @Param() { vendorId }: VendorIdParams,
  ): Promise<ApiTokenResponse> {
    return { token: await this.vendors.issueToken(vendorId, `manager:${manager.id}`) };
  }

  /** The vendor's feature flags. */
  @Get(':vendorId/features')
  @ApiEnvelope(VendorFeaturesResponse)
  @ApiErrors({ status: 404, description: 'Unknown vendor.', example: 'Vendor 42 was not found.' })
  @RequiresScope('accounts:read')
  getVendorFeatures(@Param() { vendorId }: VendorIdParams): Promise<VendorFeaturesResponse> {
    return this.vendors.getFeatures(vendorId);
  }

  /** Switches any of the three feature flags; answers all three as they now are. */
  @Patch(':vendorId/features')
  @ManagerWrite({ type: 'vendor', id: ':vendorId' })
  @ApiEnvelope(VendorFeaturesResponse)
  @ApiErrors({ status: 404, description: 'Unknown vendor.', example: 'Vendor 42 was not found.' })
  @RequiresScope('accounts:write')
  updateVendorFeatures(
    @Param() { vendorId }: VendorIdParams,
    @Body() body: UpdateVendorFeaturesDto,
  ): Promise<VendorFeaturesResponse> {
    return this.vendors.setFeatures(vendorId, body);
  }
}
