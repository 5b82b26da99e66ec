import { LANGUAGE_TAGS, type MessageKey, text } from '../common/i18n/catalogue';
import type { Locale } from '../common/locale/locale';
import { escapeMarkup } from '../common/markup/escape-markup';
import { LeadSource } from '../leads/entities/lead.entity';
import { smsSize, withGsm7Punctuation } from '../notifications/rendering/sms-segments';
import { DARK_SCHEME_HEAD } from '../notifications/rendering/email-style';
import { MAX_SMS_SEGMENTS } from '../notifications/rendering/render-notification';
import { withoutContacts } from '../common/privacy/hide-contacts';

/** A lead alert to the vendor's phone: as many parts as any SMS at most (UCS-2 when a name or a word needs it). */
const ALERT_SMS_SEGMENTS = MAX_SMS_SEGMENTS;

/** The first alert of a lead, or its one re-alert. */
export type AlertKind = 'alert' | 'reAlert';

/** What an alert tells: never the customer's contact details. */
export interface LeadAlertFacts {
  leadId: number;
  vendorName: string;
  category: string;
  /** Where the lead came from: a referral is said as such in the vendor's language, never by its stored category. */
  source: LeadSource;
  /** A referral's referrer, as they gave their name; null for other leads. */
  referrerName: string | null;
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
 * When the lead expires, as the language writes it, in the vendor's time zone: `30 nov. 2026 à 6 h 30 HNE`,
 * `Nov 30, 2026 at 6:30 a.m. EST`. `glue` joins the words of the date and of the time (a no-break space
 * in an e-mail, so neither breaks over two lines; an ordinary one in an SMS).
 */
export function writtenExpiry(locale: Locale, at: Date, timeZone: string, glue: string): string {
  const parts = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatPart[] =>
    new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { timeZone, ...options }).formatToParts(at);
  const written = (pieces: Intl.DateTimeFormatPart[]): string =>
    pieces
      .map((piece) => piece.value)
      .join('')
      .replace(/\s+/g, glue);
  const date = written(parts({ dateStyle: 'medium' }));
  // The hour without a leading zero, as the OQLF writes it (fr-CA's Intl gives "06 h 30").
  const time = written(
    parts({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).map((piece) =>
      piece.type === 'hour' ? { ...piece, value: String(Number(piece.value)) } : piece,
    ),
  );
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
  const referrerName = facts.referrerName && oneLine(facts.referrerName);
  const referral = facts.source === LeadSource.Referral;
  const values = {
    leadId: String(facts.leadId),
    vendorName: oneLine(facts.vendorName),
    category: referral ? text(locale, 'leadAlert.referral') : oneLine(facts.category),
    operatorName: facts.operatorName,
    expiresAt: writtenExpiry(locale, facts.expiresAt, facts.timeZone, '\u00a0'),
  };

  // Only the parts that say something: no empty description, no referrer a lead does not have.
  const lines = [
    say(`leadAlert.${kind}.intro`, values),
    '',
    say('leadAlert.category', values),
    ...(referral && referrerName ? [say('leadAlert.referredBy', { referrerName })] : []),
    ...(description ? [say('leadAlert.job', { description: excerpt(description, DESCRIPTION_CHARS.email) })] : []),
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
    sms: smsOf(kind, locale, { ...values, category: smsSource(locale, facts, values.category) }, facts, description),
  };
}

/** In an SMS, the category, or the referral with who made it. */
function smsSource(locale: Locale, facts: LeadAlertFacts, category: string): string {
  if (facts.source !== LeadSource.Referral || !facts.referrerName) return category;
  return text(locale, 'leadAlert.referralBy', { referrerName: oneLine(facts.referrerName) });
}

/** In an SMS, the description shortened to these lengths in turn, then the category, until the text fits. */
const SMS_FITTINGS = [
  ...Array.from({ length: 15 }, (_, i) => ({ description: DESCRIPTION_CHARS.sms - i * 10, category: 60 })),
  ...[40, 25, 15].map((category) => ({ description: 20, category })),
];

/**
 * The SMS: words with ordinary spaces and their typographic punctuation in GSM-7, letters as written
 * (the vendor's name whole: never respelled or cut), shortened (the description first, then the
 * category) until the whole text, link included, fits in ALERT_SMS_SEGMENTS parts; sent whole when
 * even the shortest does not.
 */
function smsOf(
  kind: AlertKind,
  locale: Locale,
  values: Record<string, string>,
  facts: LeadAlertFacts,
  description: string,
): string {
  // Punctuation first, so that the cut counts what is sent (its ellipsis is three dots).
  const plain = (value: string): string => withGsm7Punctuation(value);
  const cut = (value: string, max: number): string => excerpt(plain(value), max, '...');
  const expiresAt = writtenExpiry(locale, facts.expiresAt, facts.timeZone, ' ');
  const sms = (fitting: (typeof SMS_FITTINGS)[number]): string => {
    const message = text(locale, `leadAlert.${kind}.sms`, {
      ...values,
      vendorName: plain(values.vendorName),
      // A referral's source names its referrer: a name is never cut.
      category: facts.source === LeadSource.Referral ? plain(values.category) : cut(values.category, fitting.category),
      quoted: facts.smsQuotesDescription && description ? 'yes' : 'no',
      description: cut(description, fitting.description),
      expiresAt,
    });
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
            `<a class="link" href="${escapeMarkup(link)}" style="color:#0b57d0">${escapeMarkup(link)}</a>`,
          )
        : escaped;
    })
    .join('<br>\n');
  return `<!doctype html>
<html lang="${LANGUAGE_TAGS[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">${DARK_SCHEME_HEAD}<title>${escapeMarkup(subject)}</title></head>
<body class="page body" style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2328;background:#ffffff">
<p style="margin:0 0 16px">${body}</p>
<p class="footer" style="margin:24px 0 0;padding-top:12px;border-top:1px solid #d0d7de;font-size:12px;color:#505a64">${escapeMarkup(footer)}</p>
</body>
</html>
`;
}
