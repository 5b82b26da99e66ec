import type { Locale } from '../../common/locale/locale';
import { OptionalLocale } from '../../common/locale/is-locale.decorator';
import { AtLeastOneOf } from '../../common/validation/at-least-one-of.decorator';
import { IsString, MaxLength } from 'class-validator';
import { OptionalStatedConsent, StatedConsentDto } from '../../consent/dto/stated-consent.dto';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { Trim } from '../../common/validation/trim.decorator';
import { CustomerContactDto } from '../../reputation/dto/customer-contact.dto';

/** A feedback request. At least one of email and phone is required. */
@AtLeastOneOf('email', 'phone')
export class CreateFeedbackRequestDto extends CustomerContactDto {
  /** The customer's name; its first word greets them. @example "Jane Doe" */
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(200)
  customerName: string;

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
