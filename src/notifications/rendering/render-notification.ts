import type { CustomerPurpose, MergeFields } from '../notification.types';
import { DEFAULT_TEMPLATES } from './templates';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

type Placeholder = 'firstName' | 'vendorName' | 'link';
type Segment = { literal: string } | { field: Placeholder };

const PLACEHOLDER = /\{(firstName|vendorName|link)\}/g;

/** Merge values are single-line text: control characters and line breaks collapse to one space. */
function clean(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

function valuesOf(fields: MergeFields): Record<Placeholder, string> {
  return { firstName: clean(fields.firstName) || 'there', vendorName: clean(fields.vendorName), link: fields.link };
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

function fillText(template: string, values: Record<Placeholder, string>): string {
  return segments(template)
    .map((segment) => ('literal' in segment ? segment.literal : values[segment.field]))
    .join('');
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);
}

function anchor(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}" style="color:#1a5fb4">${escapeHtml(label)}</a>`;
}

/** Every piece of the template is escaped on its own, so neither template nor values can inject markup. */
function fillHtml(template: string, values: Record<Placeholder, string>): string {
  return template
    .split(/\n{2,}/)
    .map((paragraph) => {
      const lines = paragraph.split('\n').map((line) =>
        segments(line)
          .map((segment) => {
            if ('literal' in segment) return escapeHtml(segment.literal);
            return segment.field === 'link' ? anchor(values.link, values.link) : escapeHtml(values[segment.field]);
          })
          .join(''),
      );
      return `<p style="margin:0 0 16px">${lines.join('<br>')}</p>`;
    })
    .join('\n');
}

export function renderEmail(
  purpose: CustomerPurpose,
  fields: MergeFields,
  customMessage?: string | null,
): RenderedEmail {
  const defaults = DEFAULT_TEMPLATES[purpose];
  const values = valuesOf(fields);
  const body = bodyTemplate(customMessage, defaults.email, '\n\n', defaults.customMessageFirstLine?.email);
  const subject = clean(fillText(defaults.subject, values)).slice(0, 300);
  const reason = `You received this message because of your recent project with ${values.vendorName}.`;
  const text = `${fillText(body, values)}\n\n--\n${reason}\nTo stop receiving these messages: ${fields.unsubscribeLink}\n`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#222">
${fillHtml(body, values)}
<hr style="border:0;border-top:1px solid #ddd;margin:24px 0 12px">
<p style="margin:0;font-size:12px;color:#666">${escapeHtml(reason)} ${anchor(fields.unsubscribeLink, 'Unsubscribe')}</p>
</body>
</html>
`;
  return { subject, text, html };
}

export function renderSms(purpose: CustomerPurpose, fields: MergeFields, customMessage?: string | null): string {
  const defaults = DEFAULT_TEMPLATES[purpose];
  const body = fillText(
    bodyTemplate(customMessage, defaults.sms, ' ', defaults.customMessageFirstLine?.sms),
    valuesOf(fields),
  );
  return `${body}\nReply STOP or visit ${fields.unsubscribeLink} to opt out.`;
}
