import type { NotificationPurpose } from '../notification.types';

export interface PurposeTemplates {
  subject: string;
  email: string;
  sms: string;
}

/** Used when the vendor has no custom message. Placeholders: {firstName} {vendorName} {link}. */
export const DEFAULT_TEMPLATES: Record<NotificationPurpose, PurposeTemplates> = {
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
};
