/**
 * What the vendor's people read in a lead alert, by name, with `{placeholders}`. Vendors have no
 * language of their own yet, so every alert is in English; kept together, keyed by name, so that the
 * texts move as they are into a message catalogue when vendors get one.
 */
export const LEAD_ALERT_TEXTS = {
  en: {
    'alert.subject': 'New lead {leadId}: {category}',
    'reAlert.subject': 'Still waiting: lead {leadId} ({category})',
    'alert.intro': 'A new lead was just assigned to {vendorName}. The first pro to answer usually gets the job.',
    'reAlert.intro': 'Lead {leadId} of {vendorName} has not been opened or answered yet.',
    category: 'Category: {category}',
    job: 'Job: {description}',
    lead: 'Lead: {leadId}',
    expires: 'Expires: {expiresAt}, unless accepted or declined before.',
    link: 'Open the lead: {link}',
    footer:
      'You receive this alert because this address hears of new leads for {vendorName} (its lead alert settings).',
    'alert.sms': 'New lead {leadId} for {vendorName}: {category}. "{description}" Expires {expiresAt}.',
    'reAlert.sms': 'Still waiting: lead {leadId} for {vendorName}: {category}. "{description}" Expires {expiresAt}.',
    /** Put in place of an e-mail address or phone number the customer wrote into the job description. */
    hiddenContact: '[contact hidden]',
  },
} as const;

export type AlertLocale = keyof typeof LEAD_ALERT_TEXTS;
export type AlertTextName = keyof (typeof LEAD_ALERT_TEXTS)['en'];
