import type { Locale } from '../../common/locale/locale';
import { OptionalLocale } from '../../common/locale/is-locale.decorator';
import { IsString, MaxLength } from 'class-validator';
import { OptionalStatedConsent, StatedConsentDto } from '../../consent/dto/stated-consent.dto';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { IsNorthAmericanPhone } from '../../common/validation/phone';
import { AtLeastOneOf } from '../../common/validation/at-least-one-of.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { Trim } from '../../common/validation/trim.decorator';
import { IsEmailAddress } from '../../common/validation/email-address';

/** A standalone review request. At least one of emailTo and phone is required. */
@AtLeastOneOf('emailTo', 'phone')
export class CreateReviewRequestDto {
  /** @example "Jane" */
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(100)
  firstName: string;

  /** @example "Doe" */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @MaxLength(100)
  lastName?: string;

  /** Compared and stored lower-cased. @example "jane.doe@example.com" */
  @SkipIfAbsent()
  @Trim()
  @IsEmailAddress()
  @MaxLength(254)
  emailTo?: string;

  /** A North American number: 10 digits, or 11 starting with 1; stored as xxx-xxx-xxxx. @example "(416) 555-0142" */
  @SkipIfAbsent()
  @IsNorthAmericanPhone()
  phone?: string;

  /** Beyond the spec: the customer's language for every message and page; left out: the vendor's `defaultLocale`. @example "fr" */
  @OptionalLocale()
  locale?: Locale;

  /**
   * Beyond the spec (CASL): the relationship on which the vendor writes to this customer. Left out: the
   * request records "stated by the vendor's request: purchase on the request's date". A request whose
   * every basis has ended answers 409, naming the basis and when it ended.
   */
  @OptionalStatedConsent()
  consent?: StatedConsentDto;
}
