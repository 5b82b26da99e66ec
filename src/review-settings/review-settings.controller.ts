import { Body, Get, Param, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { ManagerApiController } from '../auth/decorators/access.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ErrorEnvelopeDto } from '../common/envelope/envelope';
import { VendorIdParams } from '../vendors/dto/vendor-id.params';
import { ReviewSettingsDto } from './dto/review-settings.dto';
import { ReviewSettingsResponse } from './dto/review-settings.response';
import { ReviewSettingsService } from './review-settings.service';

@ManagerApiController('vendors', 'Manager: review settings')
@ApiBadRequestResponse({ description: 'Invalid input.', type: ErrorEnvelopeDto })
@ApiNotFoundResponse({ description: 'Unknown vendor.', type: ErrorEnvelopeDto })
export class ReviewSettingsController {
  constructor(private readonly settings: ReviewSettingsService) {}

  /** The vendor's review platforms, custom messages, primary Google label and review locations (defaults if never saved). */
  @Get(':vendorId/review-settings')
  @ApiEnvelope(ReviewSettingsResponse)
  async get(@Param() { vendorId }: VendorIdParams): Promise<ReviewSettingsResponse> {
    return ReviewSettingsResponse.from(await this.settings.getForVendor(vendorId));
  }

  /** Replaces the vendor's review settings (beyond the spec); answers them as stored. */
  @Put(':vendorId/review-settings')
  @ApiEnvelope(ReviewSettingsResponse)
  async replace(
    @Param() { vendorId }: VendorIdParams,
    @Body() body: ReviewSettingsDto,
  ): Promise<ReviewSettingsResponse> {
    return ReviewSettingsResponse.from(await this.settings.replace(vendorId, body));
  }
}
