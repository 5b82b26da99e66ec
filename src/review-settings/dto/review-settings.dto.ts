import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { IsHttpsUrl } from '../../common/validation/is-https-url.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { Trim } from '../../common/validation/trim.decorator';
import { SmsSizeResponse } from './review-settings.response';
import { BBB_DOMAINS, FACEBOOK_DOMAINS, GOOGLE_DOMAINS } from '../review-platforms';

export const MAX_REVIEW_LOCATIONS = 5;

/** Two listed locations are the same one when they are equal values (the document says `uniqueItems`). */
const locationIdentity = (location: unknown): unknown => {
  if (!location || typeof location !== 'object') return location;
  const { id, label, labelFr, googleUrl } = location as Partial<ReviewLocationDto>;
  return JSON.stringify([id, label, labelFr ?? '', googleUrl]);
};

export class ReviewLocationDto {
  /** Id of one of the vendor's current locations, to keep it (with these values); omit for a new location. */
  @SkipIfAbsent()
  @IsInt()
  @ApiProperty({ type: 'integer' })
  @Min(1)
  @Max(2_147_483_647)
  id?: number;

  /** @example "Mississauga showroom" */
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(100)
  label: string;

  /**
   * Beyond the spec: the label on French pages; empty (or left out) when `label` reads the same in
   * French. @example "Salle d’exposition de Mississauga"
   */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @MaxLength(100)
  labelFr?: string;

  /** @example "https://g.page/r/CaBcDeFgHiJkEAE/review" */
  @Trim()
  @IsHttpsUrl({ domains: GOOGLE_DOMAINS, site: 'Google' })
  googleUrl: string;
}

/**
 * The whole review settings: replaces what is stored. The four switches are required; a string left out
 * is stored empty, a URL left out (or null) is stored as not configured, and reviewLocations left out is
 * an empty list. The GET answer can be sent back as it is (its `id` and the texts' sizes are read-only and ignored).
 */
export class ReviewSettingsDto {
  /** Read-only; accepted so that a GET answer can be sent back unchanged, and ignored. */
  @SkipIfAbsent()
  @IsInt()
  @ApiProperty({ type: 'integer' })
  id?: number;

  @IsBoolean()
  googleReviewEnabled: boolean;

  @IsBoolean()
  facebookReviewEnabled: boolean;

  @IsBoolean()
  bbbReviewEnabled: boolean;

  @IsBoolean()
  otherReviewEnabled: boolean;

  /** Name of the "other" review site shown to customers. @example "HomeStars" */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @MaxLength(100)
  otherReviewSiteName?: string;

  /** Wording of the review request SMS in English; empty for the standard wording. */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @MaxLength(500)
  customSMSMessage?: string;

  /** Wording of the review request email in English; empty for the standard wording. */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @MaxLength(5000)
  customEmailMessage?: string;

  /** Beyond the spec: the French wording of the review request SMS; empty for the standard French wording. */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @MaxLength(500)
  customSMSMessageFr?: string;

  /** Beyond the spec: the French wording of the review request email; empty for the standard French wording. */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @MaxLength(5000)
  customEmailMessageFr?: string;

  /** Label of the primary Google review link (googleReviewUrl). @example "Main office" */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @MaxLength(100)
  primaryGoogleReviewLabel?: string;

  /**
   * Beyond the spec: the primary label on French pages; empty when `primaryGoogleReviewLabel` reads the
   * same in French. @example "Bureau principal"
   */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @MaxLength(100)
  primaryGoogleReviewLabelFr?: string;

  /** Additional Google review locations, at most 5, in display order. */
  @SkipIfAbsent()
  @IsArray()
  @ArrayMaxSize(MAX_REVIEW_LOCATIONS)
  @ArrayUnique(locationIdentity, { message: 'reviewLocations must not list the same location twice' })
  @ApiProperty({ minItems: 0, maxItems: MAX_REVIEW_LOCATIONS, uniqueItems: true })
  // ValidateNested passes an item that is itself a list (it validates that list's items instead).
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => ReviewLocationDto)
  reviewLocations?: ReviewLocationDto[];

  /** Beyond the spec: the primary Google review page (https, a Google host); null when not configured. */
  @IsOptional()
  @Trim()
  @IsHttpsUrl({ domains: GOOGLE_DOMAINS, site: 'Google' })
  googleReviewUrl?: string | null;

  /** Beyond the spec: the Facebook review page (https, a Facebook host); null when not configured. */
  @IsOptional()
  @Trim()
  @IsHttpsUrl({ domains: FACEBOOK_DOMAINS, site: 'Facebook' })
  facebookReviewUrl?: string | null;

  /** Beyond the spec: the BBB review page (https, bbb.org); null when not configured. */
  @IsOptional()
  @Trim()
  @IsHttpsUrl({ domains: BBB_DOMAINS, site: 'the BBB' })
  bbbReviewUrl?: string | null;

  /** Beyond the spec: the other review site's page (any https URL); null when not configured. */
  @IsOptional()
  @Trim()
  @IsHttpsUrl()
  otherReviewUrl?: string | null;

  /** Read-only (the service measures the text); accepted so that a GET answer can be sent back unchanged, and ignored. */
  @IsOptional()
  @IsObject()
  @ApiProperty({ type: SmsSizeResponse, nullable: true })
  customSMSMessageSize?: SmsSizeResponse | null;

  /** Read-only, like `customSMSMessageSize`. */
  @IsOptional()
  @IsObject()
  @ApiProperty({ type: SmsSizeResponse, nullable: true })
  customSMSMessageFrSize?: SmsSizeResponse | null;
}
