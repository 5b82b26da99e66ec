import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsNorthAmericanPhone } from '../../common/validation/phone';
import { AtLeastOneOf } from '../../common/validation/at-least-one-of.decorator';
import { Optional } from '../../common/validation/optional.decorator';
import { Trim } from '../../common/validation/trim.decorator';

/** A feedback request. At least one of email and phone is required. */
@AtLeastOneOf('email', 'phone')
export class CreateFeedbackRequestDto {
  /** The customer's name; its first word greets them. @example "Jane Doe" */
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  customerName: string;

  /** Compared and stored lower-cased. @example "jane.doe@example.com" */
  @Optional()
  @Trim()
  @IsEmail()
  @MaxLength(254)
  email?: string;

  /** A North American number: 10 digits, or 11 starting with 1; stored as xxx-xxx-xxxx. @example "416-555-0142" */
  @Optional()
  @IsNorthAmericanPhone()
  phone?: string;
}
