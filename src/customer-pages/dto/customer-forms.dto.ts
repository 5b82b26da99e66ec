import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsString, MaxLength } from 'class-validator';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { IsCanonicalInt } from '../../common/validation/canonical-int.decorator';
import { IsNorthAmericanPhone } from '../../common/validation/phone';
import { AtLeastOneOf } from '../../common/validation/at-least-one-of.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';

// The customer pages' forms (application/x-www-form-urlencoded). Messages are written for the customer.

/** Trims a text field; an empty one counts as not filled in (browsers send every field). */
const FormText = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  });

const YES_NO = ['yes', 'no'];

export class FeedbackForm {
  @IsCanonicalInt({ min: 1, max: 5 }, { message: 'Please choose a star rating from 1 to 5.' })
  rating: number;

  @IsIn(YES_NO, { message: 'Please tell us whether you would refer us to a friend.' })
  wouldRefer: 'yes' | 'no';

  @SkipIfAbsent()
  @FormText()
  @IsString()
  @MaxLength(2000, { message: 'Please keep your comment under 2000 characters.' })
  comment?: string;
}

export class ReviewAnswerForm {
  @IsIn(YES_NO, { message: 'Please answer yes or no.' })
  happy: 'yes' | 'no';
}

export class PrivateFeedbackForm {
  @FormText()
  @IsString({ message: 'Please write a message.' })
  @NotBlank({ message: 'Please write a message.' })
  @MaxLength(2000, { message: 'Please keep your message under 2000 characters.' })
  message: string;
}

abstract class InvitationForm {
  @SkipIfAbsent()
  @FormText()
  @IsString()
  @MaxLength(100, { message: "Please keep your friend's name under 100 characters." })
  friendName?: string;
}

export class EmailInvitationForm extends InvitationForm {
  @FormText()
  @IsEmail({}, { message: "Please enter your friend's email address." })
  @MaxLength(254, { message: "Please enter your friend's email address." })
  email: string;
}

export class TextInvitationForm extends InvitationForm {
  @FormText()
  @IsNorthAmericanPhone()
  phone: string;
}

/** A referred friend's contact request. */
@AtLeastOneOf('email', 'phone')
export class ContactRequestForm {
  @FormText()
  @IsString({ message: 'Please enter your name.' })
  @MaxLength(100, { message: 'Please keep your name under 100 characters.' })
  name: string;

  @SkipIfAbsent()
  @FormText()
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(254, { message: 'Please enter a valid email address.' })
  email?: string;

  @SkipIfAbsent()
  @FormText()
  @IsNorthAmericanPhone()
  phone?: string;

  @SkipIfAbsent()
  @FormText()
  @IsString()
  @MaxLength(2000, { message: 'Please keep your message under 2000 characters.' })
  message?: string;
}
