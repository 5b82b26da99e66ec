import type { MessageKey } from '../../common/i18n/catalogue';
import type { CustomerPurpose } from '../notification.types';

type PurposePart = 'subject' | 'preheader' | 'button' | 'email' | 'sms' | 'smsShort';

/**
 * A purpose's text in the catalogues (`src/common/i18n/catalogues/`): `subject`, the e-mail's first line
 * in the inbox (`preheader`), its one call to action (`button`), the bodies (`email`, `sms`), and the
 * SMS in few words (`smsShort`) for when the body and the names do not fit its parts.
 */
export const purposeKey = (purpose: CustomerPurpose, part: PurposePart): MessageKey => `${purpose}.${part}`;

const REMINDER_FIRST_LINE = {
  email: 'message.reminderFirstLine.email',
  sms: 'message.reminderFirstLine.sms',
} as const satisfies Record<'email' | 'sms', MessageKey>;

/**
 * What each purpose says beside its own texts: the e-mail footer's reason (why this person receives it),
 * and the line put before the vendor's custom message so the customer knows what this one is.
 */
export const PURPOSE_FRAME: Record<
  CustomerPurpose,
  { reason: MessageKey; customMessageFirstLine?: Record<'email' | 'sms', MessageKey> }
> = {
  FEEDBACK_REQUEST: { reason: 'message.customerReason' },
  REVIEW_REQUEST: { reason: 'message.customerReason' },
  REFERRAL_REQUEST: { reason: 'message.customerReason' },
  REFERRAL_INVITATION: { reason: 'REFERRAL_INVITATION.reason' },
  FEEDBACK_REMINDER: { reason: 'message.customerReason', customMessageFirstLine: REMINDER_FIRST_LINE },
  REVIEW_REMINDER: { reason: 'message.customerReason', customMessageFirstLine: REMINDER_FIRST_LINE },
};
