import { Body, Get, Param, Patch, Put } from '@nestjs/common';
import { ManagerApiController, RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import type { VendorAccount } from '../auth/vendor-account';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { VendorIdParams } from '../vendors/dto/vendor-id.params';
import { AutomationSettingsService } from './automation-settings.service';
import { AutomationSettingsDto, AutomationSettingsPatchDto } from './dto/automation-settings.dto';
import { AutomationSettingsResponse } from './dto/automation-settings.response';
import { ManagerWrite, VendorWrite } from '../write-routes/write-routes';

@VendorApiController('automation-settings', 'Automation')
@ApiErrors(400)
export class AutomationSettingsController {
  constructor(private readonly settings: AutomationSettingsService) {}

  /** The calling vendor's reminder and job-won automation (the defaults until first saved). */
  @Get()
  @ApiEnvelope(AutomationSettingsResponse)
  @RequiresScope('profile:read')
  async getAutomationSettings(@CurrentVendor() vendor: VendorAccount): Promise<AutomationSettingsResponse> {
    return AutomationSettingsResponse.from(await this.settings.getForVendor(vendor.id));
  }

  /** Replaces them: the body names every setting (400 listing those left out). Answers them as stored. */
  @Put()
  @VendorWrite()
  @ApiEnvelope(AutomationSettingsResponse)
  @RequiresScope('profile:write')
  async replaceAutomationSettings(
    @CurrentVendor() vendor: VendorAccount,
    @Body() body: AutomationSettingsDto,
  ): Promise<AutomationSettingsResponse> {
    return AutomationSettingsResponse.from(await this.settings.replace(vendor.id, body));
  }

  /** Changes the settings the body names; the others stay as they are. Answers them all as stored. */
  @Patch()
  @VendorWrite()
  @ApiEnvelope(AutomationSettingsResponse)
  @RequiresScope('profile:write')
  async updateAutomationSettings(
    @CurrentVendor() vendor: VendorAccount,
    @Body() body: AutomationSettingsPatchDto,
  ): Promise<AutomationSettingsResponse> {
    return AutomationSettingsResponse.from(await this.settings.update(vendor.id, body));
  }
}

@ManagerApiController('vendors', 'Manager: automation settings')
@ApiErrors(400)
@ApiErrors({ status: 404, description: 'Unknown vendor.', example: 'Vendor 42 was not found.' })
export class ManagerAutomationSettingsController {
  constructor(private readonly settings: AutomationSettingsService) {}

  /** A vendor's reminder and job-won automation (the defaults until first saved). */
  @Get(':vendorId/automation-settings')
  @ApiEnvelope(AutomationSettingsResponse)
  @RequiresScope('profile:read')
  async getAutomationSettings(@Param() { vendorId }: VendorIdParams): Promise<AutomationSettingsResponse> {
    return AutomationSettingsResponse.from(await this.settings.getForVendor(vendorId));
  }

  /** Replaces them: the body names every setting (400 listing those left out). Answers them as stored. */
  @Put(':vendorId/automation-settings')
  @ManagerWrite({ type: 'vendor', id: ':vendorId' })
  @ApiEnvelope(AutomationSettingsResponse)
  @RequiresScope('profile:write')
  async replaceAutomationSettings(
    @Param() { vendorId }: VendorIdParams,
    @Body() body: AutomationSettingsDto,
  ): Promise<AutomationSettingsResponse> {
    return AutomationSettingsResponse.from(await this.settings.replace(vendorId, body));
  }

  /** Changes the settings the body names; the others stay as they are. Answers them all as stored. */
  @Patch(':vendorId/automation-settings')
  @ManagerWrite({ type: 'vendor', id: ':vendorId' })
  @ApiEnvelope(AutomationSettingsResponse)
  @RequiresScope('profile:write')
  async updateAutomationSettings(
    @Param() { vendorId }: VendorIdParams,
    @Body() body: AutomationSettingsPatchDto,
  ): Promise<AutomationSettingsResponse> {
    return AutomationSettingsResponse.from(await this.settings.update(vendorId, body));
  }
}
