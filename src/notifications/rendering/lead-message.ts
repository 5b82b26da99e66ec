import { LANGUAGE_TAGS, text } from '../../common/i18n/catalogue';
import type { Locale } from '../../common/locale/locale';
import type { LeadMessageVendor } from '../notification.types';
import { escapeMarkup } from '../../common/markup/escape-markup';
import { DARK_SCHEME_HEAD, FONT } from './email-style';
import {
  MAX_SMS_SEGMENTS,
  type Operator,
  type RenderedEmail,
  cleanMergeValue,
  identificationOf,
} from './render-notification';
import { withGsm7Punctuation } from './sms-segments';

/** A lead message's SMS goes in as many parts as any SMS (docs/contract.md#sms-replies); a longer one is refused, never cut. */
export const MAX_LEAD_MESSAGE_SMS_SEGMENTS = MAX_SMS_SEGMENTS;

/** Line breaks as `\n`, and no blank space around the whole. */
const normalizedBody = (body: string): string => body.replace(/\r\n?/g, '\n').trim();

/**
 * The SMS of a vendor's message: the vendor's name whole (CASL: who is writing), the words as written with
 * their typographic punctuation in GSM-7, the link to the page that identifies the sender (the operator,
 * on whose behalf, the vendor's address and contact) and the opt-out line.
 */
export function renderLeadMessageSms(vendorName: string, body: string, link: string, locale: Locale): string {
  const signature = text(locale, 'sms.signature', { vendorName: cleanMergeValue(vendorName) });
  const words = withGsm7Punctuation(`${signature} ${normalizedBody(body)}`);
  return `${words}\n${link}\n${text(locale, 'message.smsOptOut')}`;
}

/**
 * The e-mail of a vendor's message: the vendor's words, then the footer every customer e-mail carries
 * (why it comes, who sends it on whose behalf, where the vendor is and how to reach it, how to stop).
 */
export function renderLeadMessageEmail(
  body: string,
  vendor: Pick<LeadMessageVendor, 'name' | 'mailingAddress' | 'contact'> & { unsubscribeLink: string },
  operator: Operator,
  locale: Locale,
): RenderedEmail {
  const vendorName = cleanMergeValue(vendor.name);
  const values = { vendorName, operatorName: operator.name, unsubscribeLink: vendor.unsubscribeLink };
  const say = (key: Parameters<typeof text>[1]): string => text(locale, key, values);
  const subject = cleanMergeValue(say('LEAD_MESSAGE.subject')).slice(0, 300);
  const reason = `${say('LEAD_MESSAGE.reason')} ${say('message.sentBy')}`;
  const identification = identificationOf(vendor, operator, locale, vendorName);
  const words = normalizedBody(body);
  const plain = `${words}\n\n--\n${[reason, ...identification, say('message.unsubscribeText')].join('\n')}\n`;
  const paragraphs = words
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraph.split('\n').map(escapeMarkup).join('<br>')}</p>`);
  const html = `<!doctype html>
<html lang="${LANGUAGE_TAGS[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(subject)}</title>
${DARK_SCHEME_HEAD}</head>
<body class="page" style="margin:0;padding:0;background:#f3f4f6">
<table class="page" role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">
<table class="card" role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td class="body" style="padding:24px 20px 8px;${FONT};font-size:16px;line-height:1.5;color:#1f2328;overflow-wrap:anywhere">
<p style="margin:0 0 16px;font-size:19px;font-weight:bold">${escapeMarkup(vendorName)}</p>
${paragraphs.join('\n')}
</td></tr>
<tr><td class="footer" style="padding:12px 20px 20px;border-top:1px solid #d0d7de;${FONT};font-size:14px;line-height:1.5;color:#505a64">
${[reason, ...identification].map(escapeMarkup).join('<br>')}<br><a href="${escapeMarkup(vendor.unsubscribeLink)}" style="display:inline-block;padding:10px 0;color:#505a64">${escapeMarkup(say('message.unsubscribe'))}</a>
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text: plain, html };
}
