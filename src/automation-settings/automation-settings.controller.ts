import { Body, Get, Param, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { ManagerApiController, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import type { VendorAccount } from '../auth/vendor-account';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ErrorEnvelopeDto } from '../common/envelope/envelope';
import { VendorIdParams } from '../vendors/dto/vendor-id.params';
import { AutomationSettingsService } from './automation-settings.service';
import { AutomationSettingsDto } from './dto/automation-settings.dto';
import { AutomationSettingsResponse } from './dto/automation-settings.response';

@VendorApiController('automation-settings', 'Automation')
@ApiBadRequestResponse({ description: 'Invalid input.', type: ErrorEnvelopeDto })
export class AutomationSettingsController {
  constructor(private readonly settings: AutomationSettingsService) {}

  /** The reminder and job-won automation of the calling vendor (beyond the spec; the defaults if never saved). */
  @Get()
  @ApiEnvelope(AutomationSettingsResponse)
  async get(@CurrentVendor() vendor: VendorAccount): Promise<AutomationSettingsResponse> {
    return AutomationSettingsResponse.from(await this.settings.getForVendor(vendor.id));
  }

  /** Replaces them; a property left out takes its default. Answers them as stored. */
  @Put()
  @ApiEnvelope(AutomationSettingsResponse)
  async replace(
    @CurrentVendor() vendor: VendorAccount,
    @Body() body: AutomationSettingsDto,
  ): Promise<AutomationSettingsResponse> {
    return AutomationSettingsResponse.from(await this.settings.replace(vendor.id, body));
  }
}

@ManagerApiController('vendors', 'Manager: automation settings')
@ApiBadRequestResponse({ description: 'Invalid input.', type: ErrorEnvelopeDto })
@ApiNotFoundResponse({ description: 'Unknown vendor.', type: ErrorEnvelopeDto })
export class ManagerAutomationSettingsController {
  constructor(private readonly settings: AutomationSettingsService) {}

  /** A vendor's reminder and job-won automation (beyond the spec; the defaults if never saved). */
  @Get(':vendorId/automation-settings')
  @ApiEnvelope(AutomationSettingsResponse)
  async get(@Param() { vendorId }: VendorIdParams): Promise<AutomationSettingsResponse> {
    return AutomationSettingsResponse.from(await this.settings.getForVendor(vendorId));
  }

  /** Replaces them; a property left out takes its default. Answers them as stored. */
  @Put(':vendorId/automation-settings')
  @ApiEnvelope(AutomationSettingsResponse)
  async replace(
    @Param() { vendorId }: VendorIdParams,
    @Body() body: AutomationSettingsDto,
  ): Promise<AutomationSettingsResponse> {
    return AutomationSettingsResponse.from(await this.settings.replace(vendorId, body));
  }
}
