import { LANGUAGE_TAGS, type MessageKey, text } from '../common/i18n/catalogue';
import type { Locale } from '../common/locale/locale';
import { escapeMarkup } from '../common/markup/escape-markup';
import { smsSize, toGsm7 } from '../notifications/rendering/sms-segments';
import { withoutContacts } from '../common/privacy/hide-contacts';

/** A lead alert to the vendor's phone: two GSM-7 parts at most, read at a glance. */
const ALERT_SMS_SEGMENTS = 2;

/** The first alert of a lead, or its one re-alert. */
export type AlertKind = 'alert' | 'reAlert';

/** What an alert tells: never the customer's contact details. */
export interface LeadAlertFacts {
  leadId: number;
  vendorName: string;
  category: string;
  /** The customer's own words; contact details written in them are hidden. */
  jobDescription: string;
  /** Whether the SMS may quote the description: not when a member of the public wrote it (a friend's request). */
  smsQuotesDescription: boolean;
  /** The lead's stored contact details, hidden wherever the description repeats them. */
  customerContacts: (string | null)[];
  expiresAt: Date;
  /** The IANA zone the expiry is written in. */
  timeZone: string;
  link: string | null;
  /** Who sends the alerts (OPERATOR_NAME): the alert names its sender. */
  operatorName: string;
}

export interface RenderedAlert {
  email: { subject: string; text: string; html: string };
  sms: string;
}

/** How much of the job description each channel carries at most (an SMS less when it must, to fit its parts). */
export const DESCRIPTION_CHARS = { email: 500, sms: 160 } as const;

/** At most `max` characters, cut at a word where there is one, with an ellipsis (counted) when cut. */
export function excerpt(text: string, max: number, ellipsis = '…'): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - ellipsis.length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}${ellipsis}`;
}

/**
 * When the lead expires, as the language writes it, in the vendor's time zone: `30 nov. 2026 à 14 h 45 HNE`,
 * `Nov 30, 2026 at 2:45 p.m. EST`. `glue` joins the words of the date and of the time (a no-break space
 * in an e-mail, so neither breaks over two lines; an ordinary one in an SMS).
 */
export function writtenExpiry(locale: Locale, at: Date, timeZone: string, glue: string): string {
  const part = (options: Intl.DateTimeFormatOptions): string =>
    new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { timeZone, ...options }).format(at).replace(/\s+/g, glue);
  const date = part({ dateStyle: 'medium' });
  const time = part({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  return text(locale, 'leadAlert.dateTime', { date, time });
}

/** Both channels' messages of one alert, in the vendor's language (its `defaultLocale`). */
export function renderLeadAlert(kind: AlertKind, facts: LeadAlertFacts, locale: Locale): RenderedAlert {
  const say = (key: MessageKey, values: Record<string, string>): string => text(locale, key, values);
  // The customer's words are quoted, never linked: a web address in them is written so no app links it.
  const description = withoutContacts(
    facts.jobDescription,
    text(locale, 'leadAlert.hiddenContact'),
    facts.customerContacts,
  )
    .replace(/\s+/g, ' ')
    .trim();
  const values = {
    leadId: String(facts.leadId),
    vendorName: oneLine(facts.vendorName),
    category: oneLine(facts.category),
    operatorName: facts.operatorName,
    expiresAt: writtenExpiry(locale, facts.expiresAt, facts.timeZone, '\u00a0'),
  };

  const lines = [
    say(`leadAlert.${kind}.intro`, values),
    '',
    say('leadAlert.category', values),
    say('leadAlert.job', { description: excerpt(description, DESCRIPTION_CHARS.email) }),
    say('leadAlert.lead', values),
    say('leadAlert.expires', values),
    ...(facts.link ? ['', say('leadAlert.link', { link: facts.link })] : []),
  ];
  const footer = say('leadAlert.footer', values);
  const subject = say(`leadAlert.${kind}.subject`, values).slice(0, 300);
  return {
    email: {
      subject,
      text: `${lines.join('\n')}\n\n--\n${footer}\n`,
      html: html(subject, lines, footer, facts.link, locale),
    },
    sms: smsOf(kind, locale, values, facts, description),
  };
}

/** In an SMS, the description shortened to these lengths in turn, then the names, until the text fits. */
const SMS_FITTINGS = [
  ...Array.from({ length: 15 }, (_, i) => ({ description: DESCRIPTION_CHARS.sms - i * 10, names: 60 })),
  ...[40, 25, 15].map((names) => ({ description: 20, names })),
];

/**
 * The SMS: words in GSM-7 with ordinary spaces, shortened (the description first, then the vendor's
 * name and the category) until the whole text, link included, fits in ALERT_SMS_SEGMENTS parts.
 */
function smsOf(
  kind: AlertKind,
  locale: Locale,
  values: Record<string, string>,
  facts: LeadAlertFacts,
  description: string,
): string {
  // GSM-7 first, so that the cut counts what is sent (its ellipsis is three dots).
  const gsm = (value: string, max: number): string =>
    excerpt(toGsm7(value.replace(/[\u00a0\u202f]/g, ' ')), max, '...');
  const expiresAt = writtenExpiry(locale, facts.expiresAt, facts.timeZone, ' ');
  const sms = (fitting: (typeof SMS_FITTINGS)[number]): string => {
    const message = text(
      locale,
      facts.smsQuotesDescription ? `leadAlert.${kind}.sms` : `leadAlert.${kind}Unquoted.sms`,
      {
        ...values,
        vendorName: gsm(values.vendorName, fitting.names),
        category: gsm(values.category, fitting.names),
        description: gsm(description, fitting.description),
        expiresAt,
      },
    );
    return facts.link ? `${message} ${facts.link}` : message;
  };
  const fitting = SMS_FITTINGS.find((candidate) => smsSize(sms(candidate)).segments <= ALERT_SMS_SEGMENTS);
  return sms(fitting ?? SMS_FITTINGS[SMS_FITTINGS.length - 1]);
}

function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/** Every line escaped on its own; the link (from the service's own setting) is the one anchor. */
function html(subject: string, lines: string[], footer: string, link: string | null, locale: Locale): string {
  const body = lines
    .map((line) => {
      const escaped = escapeMarkup(line);
      return link && line.endsWith(link)
        ? escaped.replace(
            escapeMarkup(link),
            `<a href="${escapeMarkup(link)}" style="color:#1a5fb4">${escapeMarkup(link)}</a>`,
          )
        : escaped;
    })
    .join('<br>\n');
  return `<!doctype html>
<html lang="${LANGUAGE_TAGS[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeMarkup(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#222">
<p style="margin:0 0 16px">${body}</p>
<hr style="border:0;border-top:1px solid #ddd;margin:24px 0 12px">
<p style="margin:0;font-size:12px;color:#666">${escapeMarkup(footer)}</p>
</body>
</html>
`;
}
