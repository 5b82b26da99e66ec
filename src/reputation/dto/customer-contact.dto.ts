import { MaxLength } from 'class-validator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { IsNorthAmericanPhone } from '../../common/validation/phone';
import { Trim } from '../../common/validation/trim.decorator';
import { IsEmailAddress } from '../../common/validation/email-address';

/** A customer's email and/or phone; each class that extends it requires at least one (`@AtLeastOneOf`). */
export class CustomerContactDto {
  /** Compared and stored lower-cased. @example "jane.doe@example.com" */
  @SkipIfAbsent()
  @Trim()
  @IsEmailAddress()
  @MaxLength(254)
  email?: string;

  /** A North American number: 10 digits, or 11 starting with 1; stored as xxx-xxx-xxxx. @example "416-555-0142" */
  @SkipIfAbsent()
  @IsNorthAmericanPhone()
  phone?: string;
}
