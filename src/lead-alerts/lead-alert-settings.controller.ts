import { Body, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { ManagerApiController, RequiresScope, VendorApiController } from '../auth/decorators/access.decorators';
import { CurrentVendor } from '../auth/decorators/principal.decorators';
import type { VendorAccount } from '../auth/vendor-account';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { VendorIdParams } from '../vendors/dto/vendor-id.params';
import { ConfirmLeadAlertContactDto } from './dto/confirm-lead-alert-contact.dto';
import { LeadAlertSettingsDto } from './dto/lead-alert-settings.dto';
import { LeadAlertSettingsResponse } from './dto/lead-alert-settings.response';
import { LeadAlertSettingsService } from './lead-alert-settings.service';
import { ManagerWrite, VendorWrite } from '../write-routes/write-routes';

const CODE_REFUSED = ApiErrors({
  status: 409,
  description:
    'No code is waiting (none was sent, or it expired or ran out of tries), or the code is not the one sent.',
  example: 'This code is not the one sent: check it, or set the contact again for a new one.',
});

@VendorApiController('lead-alerts', 'Lead alerts')
@ApiErrors(400)
export class LeadAlertSettingsController {
  constructor(private readonly settings: LeadAlertSettingsService) {}

  /** Who hears of the calling vendor's new leads, by e-mail and SMS, and when again (the defaults until first saved). */
  @Get()
  @ApiEnvelope(LeadAlertSettingsResponse)
  @RequiresScope('profile:read')
  async getLeadAlertSettings(@CurrentVendor() vendor: VendorAccount): Promise<LeadAlertSettingsResponse> {
    return LeadAlertSettingsResponse.from(await this.settings.getForVendor(vendor.id));
  }

  /**
   * Replaces them; a property left out takes its default. Answers them as stored. A new alert phone, or
   * an alert e-mail other than the account's, is sent a 6-digit code (good for 24 hours) and used once
   * confirmed.
   */
  @Put()
  @VendorWrite()
  @ApiEnvelope(LeadAlertSettingsResponse)
  @RequiresScope('profile:write')
  async replaceLeadAlertSettings(
    @CurrentVendor() vendor: VendorAccount,
    @Body() body: LeadAlertSettingsDto,
  ): Promise<LeadAlertSettingsResponse> {
    return LeadAlertSettingsResponse.from(await this.settings.replace(vendor.id, body));
  }

  /** Confirms the alert phone or e-mail the code was sent to. Answers the settings. */
  @Post('confirm')
  @RequiresScope('profile:write')
  @VendorWrite()
  @HttpCode(HttpStatus.OK)
  @ApiEnvelope(LeadAlertSettingsResponse)
  @CODE_REFUSED
  async confirmLeadAlertContact(
    @CurrentVendor() vendor: VendorAccount,
    @Body() { code }: ConfirmLeadAlertContactDto,
  ): Promise<LeadAlertSettingsResponse> {
    return LeadAlertSettingsResponse.from(await this.settings.confirm(vendor.id, code));
  }
}

@ManagerApiController('vendors', 'Manager: lead alerts')
@ApiErrors(400)
@ApiErrors({ status: 404, description: 'Unknown vendor.', example: 'Vendor 42 was not found.' })
export class ManagerLeadAlertSettingsController {
  constructor(private readonly settings: LeadAlertSettingsService) {}

  /** Who hears of a vendor's new leads, by e-mail and SMS, and when again (the defaults until first saved). */
  @Get(':vendorId/lead-alerts')
  @ApiEnvelope(LeadAlertSettingsResponse)
  @RequiresScope('profile:read')
  async getLeadAlertSettings(@Param() { vendorId }: VendorIdParams): Promise<LeadAlertSettingsResponse> {
    return LeadAlertSettingsResponse.from(await this.settings.getForVendor(vendorId));
  }

  /** Replaces them, as the vendor's own PUT does (a new contact is sent its code). Answers them as stored. */
  @Put(':vendorId/lead-alerts')
  @ManagerWrite({ type: 'vendor', id: ':vendorId' })
  @ApiEnvelope(LeadAlertSettingsResponse)
  @RequiresScope('profile:write')
  async replaceLeadAlertSettings(
    @Param() { vendorId }: VendorIdParams,
    @Body() body: LeadAlertSettingsDto,
  ): Promise<LeadAlertSettingsResponse> {
    return LeadAlertSettingsResponse.from(await this.settings.replace(vendorId, body));
  }

  /** Confirms the vendor's alert phone or e-mail with the code it was sent. Answers the settings. */
  @Post(':vendorId/lead-alerts/confirm')
  @RequiresScope('profile:write')
  @ManagerWrite({ type: 'vendor', id: ':vendorId' })
  @HttpCode(HttpStatus.OK)
  @ApiEnvelope(LeadAlertSettingsResponse)
  @CODE_REFUSED
  async confirmLeadAlertContact(
    @Param() { vendorId }: VendorIdParams,
    @Body() { code }: ConfirmLeadAlertContactDto,
  ): Promise<LeadAlertSettingsResponse> {
    return LeadAlertSettingsResponse.from(await this.settings.confirm(vendorId, code));
  }
}
