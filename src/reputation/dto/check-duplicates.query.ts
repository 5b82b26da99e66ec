import { IsEmail, MaxLength } from 'class-validator';
import { IsNorthAmericanPhone } from '../../common/validation/phone';
import { AtLeastOneOf } from '../../common/validation/at-least-one-of.decorator';
import { Optional } from '../../common/validation/optional.decorator';
import { Trim } from '../../common/validation/trim.decorator';

/** At least one of email and phone. */
@AtLeastOneOf('email', 'phone')
export class CheckDuplicatesQuery {
  /** Compared case-insensitively. @example "jane.doe@example.com" */
  @Optional()
  @Trim()
  @IsEmail()
  @MaxLength(254)
  email?: string;

  /** Compared in its normalized form xxx-xxx-xxxx. @example "4165550142" */
  @Optional()
  @IsNorthAmericanPhone()
  phone?: string;
}
