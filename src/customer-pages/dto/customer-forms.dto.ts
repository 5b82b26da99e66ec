import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsString, MaxLength } from 'class-validator';
import { AtLeastOneOfSaying } from '../../common/validation/at-least-one-of.decorator';
import { IsCanonicalInt } from '../../common/validation/canonical-int.decorator';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { IsNorthAmericanPhone } from '../../common/validation/phone';
import { t } from '../views/page-texts';

// The customer pages' forms (application/x-www-form-urlencoded). Each field has one message, written
// for the customer and shown next to the field, whichever of its checks failed.

/** Trims a text field; an empty one counts as not filled in (browsers send every field). */
const FormText = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  });

/** A text of at most `max` characters, with one message for a missing, blank or long one. */
const Text = (max: number, message: string): PropertyDecorator[] => [
  FormText(),
  IsString({ message }),
  NotBlank({ message }),
  MaxLength(max, { message }),
];

const YES_NO = ['yes', 'no'];

export class FeedbackForm {
  @IsCanonicalInt({ min: 1, max: 5 }, { message: t('errorRating') })
  rating: number;

  @IsIn(YES_NO, { message: t('errorWouldRefer') })
  wouldRefer: 'yes' | 'no';

  @SkipIfAbsent()
  @applyDecorators(...Text(2000, t('errorComment')))
  comment?: string;
}

export class ReviewAnswerForm {
  @IsIn(YES_NO, { message: t('errorYesNo') })
  happy: 'yes' | 'no';
}

export class PrivateFeedbackForm {
  @applyDecorators(...Text(2000, t('errorMessage')))
  message: string;
}

abstract class InvitationForm {
  /** The friend's message says who it is from. */
  @applyDecorators(...Text(100, t('errorReferrerName')))
  referrerName: string;

  @SkipIfAbsent()
  @applyDecorators(...Text(100, t('errorFriendName')))
  friendName?: string;
}

export class EmailInvitationForm extends InvitationForm {
  @FormText()
  @IsEmail({}, { message: t('errorFriendEmail') })
  @MaxLength(254, { message: t('errorFriendEmail') })
  email: string;
}

export class TextInvitationForm extends InvitationForm {
  @FormText()
  @IsNorthAmericanPhone(t('errorFriendPhone'))
  phone: string;
}

/** A referred friend's contact request: a name and an email, a phone, or both. */
@AtLeastOneOfSaying(t('errorEmailOrPhone'), 'email', 'phone')
export class ContactRequestForm {
  @applyDecorators(...Text(100, t('errorName')))
  name: string;

  @SkipIfAbsent()
  @FormText()
  @IsEmail({}, { message: t('errorEmail') })
  @MaxLength(254, { message: t('errorEmail') })
  email?: string;

  @SkipIfAbsent()
  @FormText()
  @IsNorthAmericanPhone(t('errorPhone'))
  phone?: string;

  @SkipIfAbsent()
  @applyDecorators(...Text(2000, t('errorProject')))
  message?: string;
}
