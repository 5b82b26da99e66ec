import type { CustomerPurpose } from '../notification.types';

export interface PurposeTemplates {
  subject: string;
  email: string;
  sms: string;
  /** Put before the vendor's custom message (its own line), so the customer knows what this one is. */
  customMessageFirstLine?: { email: string; sms: string };
}

const REMINDER_FIRST_LINE = {
  email: 'A friendly reminder from {vendorName}:',
  sms: 'Reminder from {vendorName}:',
};

/** Used when the vendor has no custom message. Placeholders: {firstName} {vendorName} {link}. */
export const DEFAULT_TEMPLATES: Record<CustomerPurpose, PurposeTemplates> = {
  FEEDBACK_REQUEST: {
    subject: 'How did {vendorName} do?',
    email:
      'Hi {firstName},\n\nThank you for choosing {vendorName}. How did we do? It takes less than a minute to tell us:\n\n{link}\n\nYour answer goes straight to our team and helps us do better.',
    sms: 'Hi {firstName}, thank you for choosing {vendorName}! How did we do? Tell us in a minute: {link}',
  },
  REVIEW_REQUEST: {
    subject: 'Would you review {vendorName}?',
    email:
      'Hi {firstName},\n\nThank you for choosing {vendorName}! If you were happy with our work, would you take a moment to leave us a review? It helps other homeowners find us.\n\n{link}',
    sms: 'Hi {firstName}, thanks for choosing {vendorName}! Would you leave us a quick review? {link}',
  },
  REFERRAL_REQUEST: {
    subject: 'Know someone who could use {vendorName}?',
    email:
      'Hi {firstName},\n\nThank you for your review of {vendorName}! If you know someone with a project coming up, you can recommend us by email, by text or with a link to share:\n\n{link}',
    sms: 'Hi {firstName}, thanks for reviewing {vendorName}! Know someone with a project? Refer a friend: {link}',
  },
  REFERRAL_INVITATION: {
    subject: '{vendorName} was recommended to you',
    email:
      'Hi {firstName},\n\nA friend of yours recently worked with {vendorName} and thought you would like to know about them. Have a look and ask for a quote:\n\n{link}',
    sms: 'Hi {firstName}, a friend recommended {vendorName} to you. Have a look: {link}',
  },
  FEEDBACK_REMINDER: {
    subject: 'A quick reminder: how did {vendorName} do?',
    email:
      'Hi {firstName},\n\nJust a friendly reminder: {vendorName} would still like to know how we did. It takes less than a minute:\n\n{link}\n\nThis is the only reminder we will send.',
    sms: 'Reminder from {vendorName}: Hi {firstName}, how did we do? Tell us in a minute: {link}',
    customMessageFirstLine: REMINDER_FIRST_LINE,
  },
  REVIEW_REMINDER: {
    subject: 'A quick reminder: would you review {vendorName}?',
    email:
      'Hi {firstName},\n\nJust a friendly reminder: if you were happy with {vendorName}, a short review helps other homeowners find us.\n\n{link}\n\nThis is the only reminder we will send.',
    sms: 'Reminder from {vendorName}: Hi {firstName}, would you leave us a quick review? {link}',
    customMessageFirstLine: REMINDER_FIRST_LINE,
  },
};
