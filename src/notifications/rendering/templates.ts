import type { CustomerPurpose } from '../notification.types';

export interface PurposeTemplates {
  subject: string;
  /** The e-mail's first line in the inbox, after the subject (hidden in the message itself). */
  preheader: string;
  /** The e-mail's one call to action, a button to the link. */
  button: string;
  /** The e-mail's footer: why this person receives it. */
  reason: string;
  email: string;
  sms: string;
  /** Put before the vendor's custom message (its own line), so the customer knows what this one is. */
  customMessageFirstLine?: { email: string; sms: string };
}

const REMINDER_FIRST_LINE = {
  email: 'A friendly reminder from {vendorName}:',
  sms: 'Reminder from {vendorName}:',
};

const CUSTOMER_REASON = 'You received this message because of your recent project with {vendorName}.';

/** What every e-mail (and SMS) says beside the texts of its purpose. */
export const MESSAGE_TEXTS = {
  linkFallback: 'If the button does not work, open this address:',
  sentBy: 'Sent by {operatorName} on behalf of {vendorName}.',
  unsubscribe: 'Unsubscribe',
  unsubscribeText: 'To stop receiving these messages: {unsubscribeLink}',
  smsOptOut: 'Reply STOP to opt out.',
  /** When an invitation's referrer gave no name (never from the pages, which ask for it). */
  someone: 'A friend',
};

/**
 * Every message's texts, in Canadian English, used when the vendor has no custom message.
 * Placeholders: {firstName} {vendorName} {link}, and {referrerName} in a friend's invitation.
 */
export const DEFAULT_TEMPLATES: Record<CustomerPurpose, PurposeTemplates> = {
  FEEDBACK_REQUEST: {
    subject: 'How did {vendorName} do?',
    preheader: 'It takes less than a minute, and it goes straight to their team.',
    button: 'Tell us how we did',
    reason: CUSTOMER_REASON,
    email:
      'Hi {firstName},\n\nThank you for choosing {vendorName}. How did we do? It takes less than a minute to tell us:\n\n{link}\n\nYour answer goes straight to our team and helps us do better.',
    sms: 'Hi {firstName}, thank you for choosing {vendorName}! How did we do? Tell us in a minute: {link}',
  },
  REVIEW_REQUEST: {
    subject: 'Would you review {vendorName}?',
    preheader: 'A few words from you help other homeowners find them.',
    button: 'Share your experience',
    reason: CUSTOMER_REASON,
    email:
      'Hi {firstName},\n\nThank you for choosing {vendorName}! Would you take a moment to review your experience with us? It helps other homeowners find us.\n\n{link}',
    sms: 'Hi {firstName}, thanks for choosing {vendorName}! Would you leave us a quick review? {link}',
  },
  REFERRAL_REQUEST: {
    subject: 'Know someone who could use {vendorName}?',
    preheader: 'Recommend them by email, by text or with a link to share.',
    button: 'Recommend {vendorName}',
    reason: CUSTOMER_REASON,
    email:
      'Hi {firstName},\n\nThank you for your review of {vendorName}! If you know someone with a project coming up, you can recommend us by email, by text or with a link to share:\n\n{link}',
    sms: 'Hi {firstName}, thanks for reviewing {vendorName}! Know someone with a project? Refer a friend: {link}',
  },
  REFERRAL_INVITATION: {
    subject: '{referrerName} recommends {vendorName}',
    preheader: '{referrerName} thought you would like to know about {vendorName}.',
    button: 'Ask {vendorName} for a quote',
    reason: 'You received this one-time message because {referrerName} asked {vendorName} to let you know about them.',
    email:
      'Hi {firstName},\n\n{referrerName} recently worked with {vendorName} and thought you would like to know about them. Have a look and ask for a quote:\n\n{link}',
    sms: 'Hi {firstName}, {referrerName} recommends {vendorName} to you. Have a look: {link}',
  },
  FEEDBACK_REMINDER: {
    subject: 'A quick reminder: how did {vendorName} do?',
    preheader: 'It takes less than a minute. This is the only reminder.',
    button: 'Tell us how we did',
    reason: CUSTOMER_REASON,
    email:
      'Hi {firstName},\n\nJust a friendly reminder: {vendorName} would still like to know how we did. It takes less than a minute:\n\n{link}\n\nThis is the only reminder we will send.',
    sms: 'Reminder from {vendorName}: Hi {firstName}, how did we do? Tell us in a minute: {link}',
    customMessageFirstLine: REMINDER_FIRST_LINE,
  },
  REVIEW_REMINDER: {
    subject: 'A quick reminder: would you review {vendorName}?',
    preheader: 'A few words from you help other homeowners. This is the only reminder.',
    button: 'Share your experience',
    reason: CUSTOMER_REASON,
    email:
      'Hi {firstName},\n\nJust a friendly reminder: a few words about your experience with {vendorName} help other homeowners find us.\n\n{link}\n\nThis is the only reminder we will send.',
    sms: 'Reminder from {vendorName}: Hi {firstName}, would you leave us a quick review? {link}',
    customMessageFirstLine: REMINDER_FIRST_LINE,
  },
};
