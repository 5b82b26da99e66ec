import { Body, Get, Param, Put } from '@nestjs/common';
import { ManagerApiController, RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import type { VendorAccount } from '../auth/vendor-account';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { VendorIdParams } from './dto/vendor-id.params';
import { ManagerVendorProfileDto, VendorProfileDto } from './dto/vendor-profile.dto';
import { VendorProfileResponse } from './dto/vendor-profile.response';
import { VendorsService } from './vendors.service';
import { ManagerWrite, VendorWrite } from '../write-routes/write-routes';

@VendorApiController('profile', 'Vendor profile')
@ApiErrors(400)
export class VendorProfileController {
  constructor(private readonly vendors: VendorsService) {}

  /** The calling vendor's customers' language and how its messages name and reach it. */
  @Get()
  @ApiEnvelope(VendorProfileResponse)
  @RequiresScope('profile:read')
  async getProfile(@CurrentVendor() vendor: VendorAccount): Promise<VendorProfileResponse> {
    return VendorProfileResponse.from(await this.vendors.getProfile(vendor.id));
  }

  /**
   * Replaces it: a property left out or null is cleared (`defaultLocale`: the province's language);
   * `smsFromNumber` is set by managers and stays as it is. Answers the profile as stored.
   */
  @Put()
  @VendorWrite()
  @ApiEnvelope(VendorProfileResponse)
  @RequiresScope('profile:write')
  async replaceProfile(
    @CurrentVendor() vendor: VendorAccount,
    @Body() body: VendorProfileDto,
  ): Promise<VendorProfileResponse> {
    return VendorProfileResponse.from(await this.vendors.replaceProfile(vendor.id, body));
  }
}

@ManagerApiController('vendors', 'Manager: vendor profile')
@ApiErrors(400)
@ApiErrors({ status: 404, description: 'Unknown vendor.', example: 'Vendor 42 was not found.' })
export class ManagerVendorProfileController {
  constructor(private readonly vendors: VendorsService) {}

  /** A vendor's customers' language, how its messages name and reach it, and its SMS sender number. */
  @Get(':vendorId/profile')
  @ApiEnvelope(VendorProfileResponse)
  @RequiresScope('profile:read')
  async getProfile(@Param() { vendorId }: VendorIdParams): Promise<VendorProfileResponse> {
    return VendorProfileResponse.from(await this.vendors.getProfile(vendorId));
  }

  /** Replaces it: a property left out or null is cleared (`defaultLocale`: the province's language). */
  @Put(':vendorId/profile')
  @ManagerWrite({ type: 'vendor', id: ':vendorId' })
  @ApiEnvelope(VendorProfileResponse)
  @ApiErrors({
    status: 409,
    description:
      "`smsFromNumber` is another vendor's sender number, or one of the service's shared numbers (`SMS_FROM`): replies to a number belong to one vendor.",
    example: "The SMS sender number +14165550177 is another vendor's.",
  })
  @RequiresScope('profile:write')
  async replaceProfile(
    @Param() { vendorId }: VendorIdParams,
    @Body() body: ManagerVendorProfileDto,
  ): Promise<VendorProfileResponse> {
    const profile = { ...body, smsFromNumber: body.smsFromNumber ?? null };
    return VendorProfileResponse.from(await this.vendors.replaceProfile(vendorId, profile));
  }
}
