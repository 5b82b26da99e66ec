import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { LOCALES, type Locale } from '../../common/locale/locale';
import { IsHttpsUrl } from '../../common/validation/is-https-url.decorator';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { IsNorthAmericanPhone } from '../../common/validation/phone';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { Trim } from '../../common/validation/trim.decorator';
import { E164, type VendorProfileValues } from '../vendor-profile';
import { IsEmailAddress } from '../../common/validation/email-address';

const unlessNull = ValidateIf((_object, value) => value !== null);

/**
 * PUT body of the vendor's own profile: the whole profile; a property left out or null is cleared, and
 * `defaultLocale` left out takes the province's language. `smsFromNumber` is the managers' to set.
 */
export class VendorProfileDto implements Partial<Omit<VendorProfileValues, 'smsFromNumber'>> {
  /** The language of customers' messages and pages when a request names none. @example "fr" */
  @SkipIfAbsent()
  @IsIn(LOCALES)
  @ApiProperty({ enum: LOCALES })
  defaultLocale?: Locale;

  /** Shown to customers in every e-mail and page, 1..300 characters. @example "1200 rue Sherbrooke O, Montréal QC H3A 1H6" */
  @SkipIfAbsent()
  @unlessNull
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(300)
  mailingAddress?: string | null;

  /** How customers reach the vendor by phone: North American, stored as xxx-xxx-xxxx. @example "(514) 555-0123" */
  @SkipIfAbsent()
  @unlessNull
  @IsNorthAmericanPhone()
  contactPhone?: string | null;

  /** @example "bonjour@renovations-erable.example" */
  @SkipIfAbsent()
  @unlessNull
  @Trim()
  @IsEmailAddress()
  @MaxLength(254)
  contactEmail?: string | null;

  /** The vendor's web site (https). @example "https://renovations-erable.example" */
  @SkipIfAbsent()
  @unlessNull
  @Trim()
  @IsHttpsUrl()
  websiteUrl?: string | null;
}

/** PUT body of a vendor's profile on the manager API: the vendor's own fields and its SMS sender number. */
export class ManagerVendorProfileDto extends VendorProfileDto {
  /** The vendor's own SMS sender number in E.164; null or left out: the shared SMS_FROM. @example "+15145550123" */
  @SkipIfAbsent()
  @unlessNull
  @Trim()
  @Matches(E164, { message: '$property must be a phone number in E.164 form: + and 8 to 15 digits' })
  @ApiProperty({ pattern: E164.source })
  smsFromNumber?: string | null;
}
