import type { Locale } from '../common/locale/locale';
import type { NewLead } from '../leads/leads.repository';
import { escapeMarkup } from '../common/markup/escape-markup';
import type { Contact } from '../reputation/contact';

/** A referred friend's contact request, as their page's form sent it. */
export interface ContactRequest {
  name: string;
  email?: string;
  phone?: string;
  message?: string;
}

/** The category of every lead a referral brings (docs/contract.md#reputation-kpis). */
export const REFERRAL_CATEGORY = 'Referral';

/**
 * The lead a friend's contact request becomes: their name, contact and message (the job description;
 * empty when they wrote none), in the language of their page, referred by the customer as they gave
 * their name. The HTML version is the message escaped, its line breaks kept: no link is ever made of it.
 */
export function referralLead(
  request: ContactRequest,
  contact: Contact,
  locale: Locale,
  referredBy: { name: string; processId: number },
): NewLead {
  const message = request.message ?? '';
  return {
    category: REFERRAL_CATEGORY,
    customerName: request.name,
    customerEmail: contact.email ?? undefined,
    customerPhone: contact.phone ?? undefined,
    projectDetailsHtml: message && `<p>${escapeMarkup(message).replace(/\r?\n/g, '<br>')}</p>`,
    originalJobDescription: message,
    customerLocale: locale,
    referredBy,
  };
}
