import { IsBoolean } from 'class-validator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import type { VendorFeature } from '../../auth/vendor-account';

/** All three flags as stored. */
export class VendorFeaturesResponse implements Record<VendorFeature, boolean> {
  /** Gates GET /rest-api-v1/reputation-process/kpi. */
  enableFullRMS: boolean;
  /** Gates GET and POST /rest-api-v1/customer-feedback-system. */
  enableStandaloneFeedbackBooster: boolean;
  /** Gates POST /rest-api-v1/review-requests. */
  enableStandaloneReviewBooster: boolean;
}

/** Any subset of the three flags; any other property is refused. */
export class UpdateVendorFeaturesDto implements Partial<Record<VendorFeature, boolean>> {
  @SkipIfAbsent()
  @IsBoolean()
  enableFullRMS?: boolean;

  @SkipIfAbsent()
  @IsBoolean()
  enableStandaloneFeedbackBooster?: boolean;

  @SkipIfAbsent()
  @IsBoolean()
  enableStandaloneReviewBooster?: boolean;
}
