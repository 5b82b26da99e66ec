import type { CustomerPurpose, MergeFields } from '../notification.types';
import { DEFAULT_TEMPLATES, MESSAGE_TEXTS } from './templates';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

type Placeholder = 'firstName' | 'vendorName' | 'link' | 'referrerName' | 'operatorName' | 'unsubscribeLink';
type Segment = { literal: string } | { field: Placeholder };
type Values = Record<Placeholder, string>;

const PLACEHOLDER = /\{(firstName|vendorName|link|referrerName|operatorName|unsubscribeLink)\}/g;

/** Merge values are single-line text: control characters and line breaks collapse to one space. */
export function cleanMergeValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

function valuesOf(fields: MergeFields, operatorName: string): Values {
  return {
    firstName: cleanMergeValue(fields.firstName) || 'there',
    vendorName: cleanMergeValue(fields.vendorName),
    referrerName: cleanMergeValue(fields.referrerName ?? '') || MESSAGE_TEXTS.someone,
    operatorName,
    link: fields.link,
    unsubscribeLink: fields.unsubscribeLink,
  };
}

/**
 * The vendor's message when it has one (after the purpose's first line, if it has one), else the
 * default; the link is always in it.
 */
function bodyTemplate(
  custom: string | null | undefined,
  fallback: string,
  separator: string,
  firstLine: string | undefined,
): string {
  const vendorMessage = custom?.replace(/\r\n?/g, '\n').trim();
  const template = vendorMessage ? (firstLine ? `${firstLine}\n${vendorMessage}` : vendorMessage) : fallback;
  return template.includes('{link}') ? template : `${template}${separator}{link}`;
}

function segments(template: string): Segment[] {
  const result: Segment[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (match.index > last) result.push({ literal: template.slice(last, match.index) });
    result.push({ field: match[1] as Placeholder });
    last = match.index + match[0].length;
  }
  if (last < template.length) result.push({ literal: template.slice(last) });
  return result;
}

function fillText(template: string, values: Values): string {
  return segments(template)
    .map((segment) => ('literal' in segment ? segment.literal : values[segment.field]))
    .join('');
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);
}

const FONT = 'font-family:Arial,Helvetica,sans-serif';

/** A link written out in a sentence: long addresses wrap rather than widen a phone's column. */
const inlineLink = (url: string): string =>
  `<a href="${escapeHtml(url)}" style="color:#0b57d0;word-break:break-all">${escapeHtml(url)}</a>`;

/** A button that is a link (a table cell, so it also draws in clients that ignore padding on links). */
const button = (url: string, label: string): string =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 20px"><tr><td style="border-radius:8px;background:#0b57d0">` +
  `<a href="${escapeHtml(url)}" style="display:inline-block;padding:14px 24px;${FONT};font-size:17px;font-weight:bold;line-height:1.3;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(label)}</a>` +
  `</td></tr></table>`;

/**
 * Every piece of the template is escaped on its own, so neither template nor values can inject markup.
 * A paragraph that is just the link becomes the button; the button closes the message if none is.
 */
function fillHtml(template: string, values: Values, buttonLabel: string): string {
  let buttonShown = false;
  const paragraphs = template.split(/\n{2,}/).map((paragraph) => {
    if (paragraph.trim() === '{link}') {
      buttonShown = true;
      return button(values.link, buttonLabel);
    }
    const lines = paragraph.split('\n').map((line) =>
      segments(line)
        .map((segment) => {
          if ('literal' in segment) return escapeHtml(segment.literal);
          return segment.field === 'link' ? inlineLink(values.link) : escapeHtml(values[segment.field]);
        })
        .join(''),
    );
    return `<p style="margin:0 0 16px">${lines.join('<br>')}</p>`;
  });
  if (!buttonShown) paragraphs.push(button(values.link, buttonLabel));
  return paragraphs.join('\n');
}

/**
 * The e-mail of a purpose: a text part, and an HTML part one column wide (at most 560 px, fluid below)
 * with a hidden preheader, the vendor's name at the top, one button and a footer saying who sends it,
 * why, and how to stop.
 */
export function renderEmail(
  purpose: CustomerPurpose,
  fields: MergeFields,
  customMessage: string | null | undefined,
  operatorName: string,
): RenderedEmail {
  const templates = DEFAULT_TEMPLATES[purpose];
  const values = valuesOf(fields, operatorName);
  const body = bodyTemplate(customMessage, templates.email, '\n\n', templates.customMessageFirstLine?.email);
  const subject = cleanMergeValue(fillText(templates.subject, values)).slice(0, 300);
  const fill = (template: string) => fillText(template, values);
  const reason = `${fill(templates.reason)} ${fill(MESSAGE_TEXTS.sentBy)}`;
  const text = `${fill(body)}\n\n--\n${reason}\n${fill(MESSAGE_TEXTS.unsubscribeText)}\n`;
  const html = `<!doctype html>
<html lang="en-CA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(fill(templates.preheader))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="padding:24px 20px 8px;${FONT};font-size:16px;line-height:1.5;color:#1f2328;overflow-wrap:anywhere">
<p style="margin:0 0 16px;font-size:19px;font-weight:bold">${escapeHtml(values.vendorName)}</p>
${fillHtml(body, values, fill(templates.button))}
<p style="margin:0 0 16px;font-size:14px;color:#505a64">${escapeHtml(MESSAGE_TEXTS.linkFallback)} ${inlineLink(values.link)}</p>
</td></tr>
<tr><td style="padding:12px 20px 20px;border-top:1px solid #d0d7de;${FONT};font-size:14px;line-height:1.5;color:#505a64">
${escapeHtml(reason)}<br><a href="${escapeHtml(fields.unsubscribeLink)}" style="display:inline-block;padding:10px 0;color:#505a64">${escapeHtml(MESSAGE_TEXTS.unsubscribe)}</a>
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text, html };
}

/** One short link, and how to stop (a reply, so no second link is needed). */
export function renderSms(purpose: CustomerPurpose, fields: MergeFields, customMessage?: string | null): string {
  const templates = DEFAULT_TEMPLATES[purpose];
  const body = fillText(
    bodyTemplate(customMessage, templates.sms, ' ', templates.customMessageFirstLine?.sms),
    valuesOf(fields, ''),
  );
  return `${body}\n${MESSAGE_TEXTS.smsOptOut}`;
}
