import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { AtLeastOneOfSaying } from '../../common/validation/at-least-one-of.decorator';
import { IsCanonicalInt } from '../../common/validation/canonical-int.decorator';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { IsNorthAmericanPhone } from '../../common/validation/phone';
import { IsPersonName, PERSON_NAME_MAX } from '../../common/validation/person-name';
import { pageTextKey } from '../views/page-texts';
import { IsEmailAddress } from '../../common/validation/email-address';

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

/**
 * A person's name (docs/contract.md#reputation-kpis): `message` for a missing, blank or long one; a name with an address, a
 * phone number or hidden characters in it is told so.
 */
const Name = (message: string): PropertyDecorator[] => [
  ...Text(PERSON_NAME_MAX, message),
  IsPersonName(pageTextKey('errorNotAName')),
];

/** A friend's message: it becomes the job description of their lead, so it is held to a lead alert's reading. */
export const CONTACT_MESSAGE_MAX = 1000;

const YES_NO = ['yes', 'no'];

export class FeedbackForm {
  @IsCanonicalInt({ min: 1, max: 5 }, { message: pageTextKey('errorRating') })
  rating: number;

  @IsIn(YES_NO, { message: pageTextKey('errorWouldRefer') })
  wouldRefer: 'yes' | 'no';

  @SkipIfAbsent()
  @applyDecorators(...Text(2000, pageTextKey('errorComment')))
  comment?: string;
}

export class ReviewAnswerForm {
  @IsIn(YES_NO, { message: pageTextKey('errorYesNo') })
  happy: 'yes' | 'no';
}

export class PrivateFeedbackForm {
  @applyDecorators(...Text(2000, pageTextKey('errorMessage')))
  message: string;
}

abstract class InvitationForm {
  /** The friend's message says who it is from. */
  @applyDecorators(...Name(pageTextKey('errorReferrerName')))
  referrerName: string;

  @SkipIfAbsent()
  @applyDecorators(...Name(pageTextKey('errorFriendName')))
  friendName?: string;
}

export class EmailInvitationForm extends InvitationForm {
  @FormText()
  @IsEmailAddress(pageTextKey('errorFriendEmail'))
  @MaxLength(254, { message: pageTextKey('errorFriendEmail') })
  email: string;
}

/** The share link names the customer as they give their name, as an invitation does. */
export class ShareLinkForm {
  @applyDecorators(...Name(pageTextKey('errorReferrerName')))
  referrerName: string;
}

export class TextInvitationForm extends InvitationForm {
  @FormText()
  @IsNorthAmericanPhone(pageTextKey('errorFriendPhone'))
  phone: string;
}

/** A referred friend's contact request: a name and an email, a phone, or both. */
@AtLeastOneOfSaying(pageTextKey('errorEmailOrPhone'), 'email', 'phone')
export class ContactRequestForm {
  @applyDecorators(...Name(pageTextKey('errorName')))
  name: string;

  @SkipIfAbsent()
  @FormText()
  @IsEmailAddress(pageTextKey('errorEmail'))
  @MaxLength(254, { message: pageTextKey('errorEmail') })
  email?: string;

  @SkipIfAbsent()
  @FormText()
  @IsNorthAmericanPhone(pageTextKey('errorPhone'))
  phone?: string;

  @SkipIfAbsent()
  @applyDecorators(...Text(CONTACT_MESSAGE_MAX, pageTextKey('errorProject')))
  message?: string;
}
