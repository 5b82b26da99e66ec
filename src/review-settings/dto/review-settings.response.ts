import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT32_ID } from '../../common/validation/canonical-int.decorator';
import type { ReviewLocation } from '../entities/review-location.entity';
import { ApiProperty } from '@nestjs/swagger';
import type { MeasuredReviewSettings } from '../custom-sms-sizes';

export class ReviewLocationResponse {
  /** @example 12 */
  @ApiInteger(INT32_ID)
  id: number;
  /** @example "Mississauga showroom" */
  label: string;
  /** Beyond the spec: the label on French pages. Empty: `label` is shown there too. @example "Salle d’exposition de Mississauga" */
  labelFr: string;
  /** @example "https://g.page/r/CaBcDeFgHiJkEAE/review" */
  googleUrl: string;

  static from({ id, label, labelFr, googleUrl }: ReviewLocation): ReviewLocationResponse {
    return { id, label, labelFr, googleUrl };
  }
}

/** How a custom SMS text travels as the customer receives it (with the vendor's name and a 20-character first name). */
export class SmsSizeResponse {
  @ApiProperty({ enum: ['GSM-7', 'UCS-2'], example: 'UCS-2' })
  encoding: 'GSM-7' | 'UCS-2';

  /** SMS segments (parts) it takes; at most 4 are sent. @example 3 */
  @ApiInteger({ min: 1 })
  segments: number;
}

export class ReviewSettingsResponse {
  /** @example 3 */
  @ApiInteger(INT32_ID)
  id: number;
  googleReviewEnabled: boolean;
  facebookReviewEnabled: boolean;
  bbbReviewEnabled: boolean;
  otherReviewEnabled: boolean;
  /** Empty when not set. */
  otherReviewSiteName: string;
  /** Empty: the standard wording is used. */
  customSMSMessage: string;
  /** Empty: the standard wording is used. */
  customEmailMessage: string;
  /** Beyond the spec: the French SMS wording. Empty: the standard French wording (never the English text). */
  customSMSMessageFr: string;
  /** Beyond the spec: the French email wording. Empty: the standard French wording (never the English text). */
  customEmailMessageFr: string;
  primaryGoogleReviewLabel: string;
  /** Beyond the spec: the primary label on French pages. Empty: `primaryGoogleReviewLabel` is shown there too. */
  primaryGoogleReviewLabelFr: string;
  /** Additional Google review locations, at most 5, in display order. */
  reviewLocations: ReviewLocationResponse[];
  /** Beyond the spec: the primary Google review page the customer page redirects to. */
  googleReviewUrl: string | null;
  /** Beyond the spec: the Facebook review page. */
  facebookReviewUrl: string | null;
  /** Beyond the spec: the BBB review page. */
  bbbReviewUrl: string | null;
  /** Beyond the spec: the other review site's page. */
  otherReviewUrl: string | null;
  /**
   * Beyond the spec: the size of `customSMSMessage` as the customer receives it, in its longest form (a
   * reminder); null when it is empty.
   */
  @ApiProperty({ type: SmsSizeResponse, nullable: true })
  customSMSMessageSize: SmsSizeResponse | null;
  /** Beyond the spec: the same for `customSMSMessageFr`. */
  @ApiProperty({ type: SmsSizeResponse, nullable: true })
  customSMSMessageFrSize: SmsSizeResponse | null;

  static from({ settings, smsSizes }: MeasuredReviewSettings): ReviewSettingsResponse {
    return {
      id: settings.id,
      googleReviewEnabled: settings.googleReviewEnabled,
      facebookReviewEnabled: settings.facebookReviewEnabled,
      bbbReviewEnabled: settings.bbbReviewEnabled,
      otherReviewEnabled: settings.otherReviewEnabled,
      otherReviewSiteName: settings.otherReviewSiteName,
      customSMSMessage: settings.customSMSMessage,
      customEmailMessage: settings.customEmailMessage,
      customSMSMessageFr: settings.customSMSMessageFr,
      customEmailMessageFr: settings.customEmailMessageFr,
      primaryGoogleReviewLabel: settings.primaryGoogleReviewLabel,
      primaryGoogleReviewLabelFr: settings.primaryGoogleReviewLabelFr,
      reviewLocations: settings.reviewLocations.map((location) => ReviewLocationResponse.from(location)),
      googleReviewUrl: settings.googleReviewUrl,
      facebookReviewUrl: settings.facebookReviewUrl,
      bbbReviewUrl: settings.bbbReviewUrl,
      otherReviewUrl: settings.otherReviewUrl,
      customSMSMessageSize: smsSizes.customSMSMessage,
      customSMSMessageFrSize: smsSizes.customSMSMessageFr,
    };
  }
}
