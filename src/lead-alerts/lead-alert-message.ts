import { escapeHtml } from '../notifications/rendering/render-notification';
import { type AlertLocale, type AlertTextName, LEAD_ALERT_TEXTS } from './lead-alert-texts';
import { fillPlaceholders } from '../common/text/fill-placeholders';

/** The first alert of a lead, or its one re-alert. */
export type AlertKind = 'alert' | 'reAlert';

/** What an alert tells: never the customer's contact details. */
export interface LeadAlertFacts {
  leadId: number;
  vendorName: string;
  category: string;
  /** The customer's own words; contact details written in them are hidden. */
  jobDescription: string;
  /** The lead's stored contact details, hidden wherever the description repeats them. */
  customerContacts: (string | null)[];
  expiresAt: Date;
  /** The IANA zone the expiry is written in. */
  timeZone: string;
  link: string | null;
}

export interface RenderedAlert {
  email: { subject: string; text: string; html: string };
  sms: string;
}

/** How much of the job description each channel carries. */
export const DESCRIPTION_CHARS = { email: 500, sms: 160 } as const;

const EMAIL_ADDRESS = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[A-Za-z0-9-]*[A-Za-z0-9]/g;
// Seven digits or more, with the separators people write phone numbers with.
const PHONE_NUMBER = /\+?\(?\d(?:[\s().-]*\d){6,}/g;

/** The description on one line, with e-mail addresses, phone numbers and the lead's stored contacts hidden. */
export function withoutContacts(description: string, contacts: (string | null)[], hidden: string): string {
  let text = description;
  for (const contact of contacts) {
    if (contact && contact.trim().length > 3) text = text.split(contact.trim()).join(hidden);
  }
  return text.replace(EMAIL_ADDRESS, hidden).replace(PHONE_NUMBER, hidden).replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, cut at a word where there is one, with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** Both channels' messages of one alert, in the vendor's language. */
export function renderLeadAlert(kind: AlertKind, facts: LeadAlertFacts, locale: AlertLocale = 'en'): RenderedAlert {
  const texts = LEAD_ALERT_TEXTS[locale];
  const text = (name: AlertTextName, values: Record<string, string>) => fillPlaceholders(texts[name], values);
  const description = withoutContacts(facts.jobDescription, facts.customerContacts, texts.hiddenContact);
  const expiresAt = new Intl.DateTimeFormat(`${locale}-CA`, {
    timeZone: facts.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(facts.expiresAt);
  const values = {
    leadId: String(facts.leadId),
    vendorName: oneLine(facts.vendorName),
    category: oneLine(facts.category),
    expiresAt: `${expiresAt} (${facts.timeZone})`,
  };

  const lines = [
    text(`${kind}.intro`, values),
    '',
    text('category', values),
    text('job', { description: excerpt(description, DESCRIPTION_CHARS.email) }),
    text('lead', values),
    text('expires', values),
    ...(facts.link ? ['', text('link', { link: facts.link })] : []),
  ];
  const footer = text('footer', values);
  const subject = text(`${kind}.subject`, values).slice(0, 300);
  const sms = text(`${kind}.sms`, { ...values, description: excerpt(description, DESCRIPTION_CHARS.sms) });
  return {
    email: {
      subject,
      text: `${lines.join('\n')}\n\n--\n${footer}\n`,
      html: html(subject, lines, footer, facts.link, locale),
    },
    sms: facts.link ? `${sms} ${facts.link}` : sms,
  };
}

function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/** Every line escaped on its own; the link (from the service's own setting) is the one anchor. */
function html(subject: string, lines: string[], footer: string, link: string | null, locale: AlertLocale): string {
  const body = lines
    .map((line) => {
      const escaped = escapeHtml(line);
      return link && line.endsWith(link)
        ? escaped.replace(
            escapeHtml(link),
            `<a href="${escapeHtml(link)}" style="color:#1a5fb4">${escapeHtml(link)}</a>`,
          )
        : escaped;
    })
    .join('<br>\n');
  return `<!doctype html>
<html lang="${locale}-CA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#222">
<p style="margin:0 0 16px">${body}</p>
<hr style="border:0;border-top:1px solid #ddd;margin:24px 0 12px">
<p style="margin:0;font-size:12px;color:#666">${escapeHtml(footer)}</p>
</body>
</html>
`;
}
