import { ApiProperty } from '@nestjs/swagger';
import { LOCALES, type Locale } from '../../common/locale/locale';
import type { VendorProfileValues } from '../vendor-profile';

/** The vendor's profile: its customers' language, and how customers are told who writes (docs/contract.md#language). */
export class VendorProfileResponse implements VendorProfileValues {
  /** @example "fr" */
  @ApiProperty({ enum: LOCALES })
  defaultLocale: Locale;
  /** @example "1200 rue Sherbrooke O, Montréal QC H3A 1H6" */
  mailingAddress: string | null;
  /** As xxx-xxx-xxxx. @example "514-555-0123" */
  contactPhone: string | null;
  /** @example "bonjour@renovations-erable.example" */
  contactEmail: string | null;
  /** @example "https://renovations-erable.example" */
  websiteUrl: string | null;
  /** Set by managers only (read-only on the vendor API); null: the shared SMS_FROM. @example "+15145550123" */
  smsFromNumber: string | null;

  static from(profile: VendorProfileValues): VendorProfileResponse {
    const { defaultLocale, mailingAddress, contactPhone, contactEmail, websiteUrl, smsFromNumber } = profile;
    return { defaultLocale, mailingAddress, contactPhone, contactEmail, websiteUrl, smsFromNumber };
  }
}
