import type { Locale } from '../../common/locale/locale';
import { OptionalLocale } from '../../common/locale/is-locale.decorator';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { IsNorthAmericanPhone } from '../../common/validation/phone';
import { Trim } from '../../common/validation/trim.decorator';
import { IsEmailAddress } from '../../common/validation/email-address';

/** A lead the operator's team assigns to a vendor. */
export class CreateLeadDto {
  /** Trade category. @example "Kitchen renovation" */
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(100)
  category: string;

  /** @example "Jane Homeowner" */
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(200)
  customerName: string;

  /** Shown to the vendor once the lead is accepted. @example "jane@example.com" */
  @SkipIfAbsent()
  @Trim()
  @IsEmailAddress()
  @MaxLength(254)
  customerEmail?: string;

  /** North American; stored as xxx-xxx-xxxx. Shown to the vendor once accepted. @example "(416) 555-0199" */
  @SkipIfAbsent()
  @IsNorthAmericanPhone()
  customerPhone?: string;

  /** Shown to the vendor once accepted. @example "12 Queen St W, Toronto, ON" */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(500)
  customerAddress?: string;

  /** HTML-formatted project details, stored as given. @example "<p>Full kitchen remodel, about 200 sq ft.</p>" */
  @IsString()
  @IsNotEmpty()
  @ApiProperty({ minLength: 1 })
  @MaxLength(20_000)
  projectDetailsHtml: string;

  /** The customer's own words. @example "We want a new kitchen before the summer." */
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(10_000)
  originalJobDescription: string;

  /** The customer's language (`en` or `fr`), used by the review request sent when the job is won; left out: the vendor's `defaultLocale` then. @example "fr" */
  @OptionalLocale()
  customerLocale?: Locale;
}
