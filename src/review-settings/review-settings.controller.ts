import { Body, Get, Param, Put } from '@nestjs/common';
import { ManagerApiController, RequiresScope } from '../auth/decorators/access.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { VendorIdParams } from '../vendors/dto/vendor-id.params';
import { ReviewSettingsDto } from './dto/review-settings.dto';
import { ReviewSettingsResponse } from './dto/review-settings.response';
import { ReviewSettingsService } from './review-settings.service';
import { ManagerWrite } from '../write-routes/write-routes';

@ManagerApiController('vendors', 'Manager: review settings')
@ApiErrors(400)
@ApiErrors({ status: 404, description: 'Unknown vendor.', example: 'Vendor 42 was not found.' })
export class ReviewSettingsController {
  constructor(private readonly settings: ReviewSettingsService) {}

  /** The vendor's review platforms, custom messages, primary Google label and review locations (defaults if never saved). */
  @Get(':vendorId/review-settings')
  @ApiEnvelope(ReviewSettingsResponse)
  @RequiresScope('profile:read')
  async getReviewSettings(@Param() { vendorId }: VendorIdParams): Promise<ReviewSettingsResponse> {
    return ReviewSettingsResponse.from(await this.settings.measured(vendorId));
  }

  /**
   * Replaces the vendor's review settings; answers them as stored. A `reviewLocations` item's `id` must
   * name one of this vendor's current locations (another vendor's, or one removed, is a 400); a new
   * location has none. A custom SMS text that, with the vendor's name and a 20-character first name, takes
   * more than 4 SMS segments is a 400 naming its size.
   */
  @Put(':vendorId/review-settings')
  @ManagerWrite({ type: 'vendor', id: ':vendorId' })
  @ApiEnvelope(ReviewSettingsResponse)
  @RequiresScope('profile:write')
  async replaceReviewSettings(
    @Param() { vendorId }: VendorIdParams,
    @Body() body: ReviewSettingsDto,
  ): Promise<ReviewSettingsResponse> {
    return ReviewSettingsResponse.from(await this.settings.replace(vendorId, body));
  }
}
