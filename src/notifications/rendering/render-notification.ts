import { LANGUAGE_TAGS, type MessageKey, displayedContact, text, textParts } from '../../common/i18n/catalogue';
import type { Locale } from '../../common/locale/locale';
import type { CustomerPurpose, MergeFields } from '../notification.types';
import { type SmsSize, smsSize, withGsm7Punctuation } from './sms-segments';
import { PURPOSE_FRAME, purposeKey } from './templates';
import { escapeMarkup } from '../../common/markup/escape-markup';
import { DARK_SCHEME_HEAD, FONT } from './email-style';

/** Who sends the customers' messages for the vendors (the OPERATOR_* settings). */
export interface Operator {
  name: string;
  mailingAddress: string | null;
  contact: string | null;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const PLACEHOLDERS = ['firstName', 'vendorName', 'link', 'referrerName', 'operatorName', 'unsubscribeLink'] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];
interface Field {
  field: Placeholder;
}
/** A message to fill in: words, and the fields that go between them. */
type Segment = string | Field;
type Values = Record<Placeholder, string>;

/** A vendor's custom message names its fields in braces; it is the vendor's text, not an ICU message. */
const CUSTOM_PLACEHOLDER = /\{(firstName|vendorName|link|referrerName|operatorName|unsubscribeLink)\}/g;
const FIELDS = Object.fromEntries(PLACEHOLDERS.map((field) => [field, { field }])) as Record<Placeholder, Field>;

/** An SMS to a customer goes in at most this many parts (docs/contract.md#sms-replies). */
export const MAX_SMS_SEGMENTS = 4;

/** Merge values are single-line text: control characters and line breaks collapse to one space. */
export function cleanMergeValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

function valuesOf(fields: MergeFields, operatorName: string, locale: Locale): Values {
  return {
    firstName: cleanMergeValue(fields.firstName) || text(locale, 'message.noName'),
    vendorName: cleanMergeValue(fields.vendorName),
    referrerName: cleanMergeValue(fields.referrerName ?? '') || text(locale, 'message.someone'),
    operatorName,
    link: fields.link,
    unsubscribeLink: fields.unsubscribeLink,
  };
}

/** A catalogue message with its fields left to fill. */
const catalogued = (locale: Locale, key: MessageKey): Segment[] => textParts<Field>(locale, key, FIELDS);

/** The vendor's message as a template; null when it has none (only blanks). */
function customTemplate(custom: string | null | undefined): Segment[] | null {
  const message = custom?.replace(/\r\n?/g, '\n').trim();
  return message ? customSegments(message) : null;
}

function customSegments(message: string): Segment[] {
  const result: Segment[] = [];
  let last = 0;
  for (const match of message.matchAll(CUSTOM_PLACEHOLDER)) {
    if (match.index > last) result.push(message.slice(last, match.index));
    result.push(FIELDS[match[1] as Placeholder]);
    last = match.index + match[0].length;
  }
  if (last < message.length) result.push(message.slice(last));
  return result;
}

/**
 * The vendor's message when it has one (after the purpose's first line, if it has one, and `lineBreak`),
 * else the default; the link is always in it.
 */
function bodyTemplate(
  custom: Segment[] | null,
  fallback: Segment[],
  separator: string,
  firstLine: { segments: Segment[]; lineBreak: string } | undefined,
): Segment[] {
  const template = custom ? [...(firstLine ? [...firstLine.segments, firstLine.lineBreak] : []), ...custom] : fallback;
  return template.some((segment) => typeof segment !== 'string' && segment.field === 'link')
    ? template
    : [...template, separator, FIELDS.link];
}

function fillText(template: Segment[], values: Values): string {
  return template.map((segment) => (typeof segment === 'string' ? segment : values[segment.field])).join('');
}

/** The template's lines, each a list of segments, grouped in paragraphs (blank lines between them). */
function paragraphsOf(template: Segment[]): Segment[][][] {
  const lines: Segment[][] = [[]];
  for (const segment of template) {
    if (typeof segment !== 'string') lines[lines.length - 1].push(segment);
    else
      segment.split('\n').forEach((piece, i) => {
        if (i > 0) lines.push([]);
        if (piece) lines[lines.length - 1].push(piece);
      });
  }
  const paragraphs: Segment[][][] = [[]];
  for (const line of lines) {
    if (line.length > 0) paragraphs[paragraphs.length - 1].push(line);
    else if (paragraphs[paragraphs.length - 1].length > 0) paragraphs.push([]);
  }
  return paragraphs.filter((paragraph) => paragraph.length > 0);
}

/** A link written out in a sentence: long addresses wrap rather than widen a phone's column. */
const inlineLink = (url: string): string =>
  `<a class="link" href="${escapeMarkup(url)}" style="color:#0b57d0;word-break:break-all">${escapeMarkup(url)}</a>`;

/** A button that is a link (a table cell, so it also draws in clients that ignore padding on links). */
const button = (url: string, label: string): string =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 20px"><tr><td class="button" style="border-radius:8px;background:#0b57d0">` +
  `<a href="${escapeMarkup(url)}" style="display:inline-block;padding:14px 24px;${FONT};font-size:17px;font-weight:bold;line-height:1.3;color:#ffffff;text-decoration:none;border-radius:8px">${escapeMarkup(label)}</a>` +
  `</td></tr></table>`;

/**
 * Every piece of the template is escaped on its own, so neither template nor values can inject markup.
 * A paragraph that is just the link becomes the button; the button closes the message if none is.
 */
function fillHtml(template: Segment[], values: Values, buttonLabel: string): string {
  let buttonShown = false;
  const isLinkAlone = (lines: Segment[][]): boolean => {
    const pieces = lines.flat().filter((segment) => typeof segment !== 'string' || segment.trim() !== '');
    return lines.length === 1 && pieces.length === 1 && typeof pieces[0] !== 'string' && pieces[0].field === 'link';
  };
  const paragraphs = paragraphsOf(template).map((lines) => {
    if (isLinkAlone(lines)) {
      buttonShown = true;
      return button(values.link, buttonLabel);
    }
    const rendered = lines.map((line) =>
      line
        .map((segment) => {
          if (typeof segment === 'string') return escapeMarkup(segment);
          return segment.field === 'link' ? inlineLink(values.link) : escapeMarkup(values[segment.field]);
        })
        .join(''),
    );
    return `<p style="margin:0 0 16px">${rendered.join('<br>')}</p>`;
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
  operator: Operator,
  locale: Locale,
): RenderedEmail {
  const frame = PURPOSE_FRAME[purpose];
  const values = valuesOf(fields, operator.name, locale);
  // The reminder's line is a paragraph of its own, before the vendor's message.
  const firstLine = frame.customMessageFirstLine && {
    segments: catalogued(locale, frame.customMessageFirstLine.email),
    lineBreak: '\n\n',
  };
  const body = bodyTemplate(
    customTemplate(customMessage),
    catalogued(locale, purposeKey(purpose, 'email')),
    '\n\n',
    firstLine,
  );
  const say = (key: MessageKey): string => text(locale, key, values);
  const subject = cleanMergeValue(say(purposeKey(purpose, 'subject'))).slice(0, 300);
  const reason = `${say(frame.reason)} ${say('message.sentBy')}`;
  const identification = identificationOf(fields, operator, locale, values.vendorName);
  const footer = [reason, ...identification, say('message.unsubscribeText')];
  const plain = `${fillText(body, values)}\n\n--\n${footer.join('\n')}\n`;
  const html = `<!doctype html>
<html lang="${LANGUAGE_TAGS[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(subject)}</title>
${DARK_SCHEME_HEAD}</head>
<body class="page" style="margin:0;padding:0;background:#f3f4f6">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeMarkup(say(purposeKey(purpose, 'preheader')))}</div>
<table class="page" role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">
<table class="card" role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td class="body" style="padding:24px 20px 8px;${FONT};font-size:16px;line-height:1.5;color:#1f2328;overflow-wrap:anywhere">
<p style="margin:0 0 16px;font-size:19px;font-weight:bold">${escapeMarkup(values.vendorName)}</p>
${fillHtml(body, values, say(purposeKey(purpose, 'button')))}
<p class="footer" style="margin:0 0 16px;font-size:14px;color:#505a64">${escapeMarkup(say('message.linkFallback'))} ${inlineLink(values.link)}</p>
</td></tr>
<tr><td class="footer" style="padding:12px 20px 20px;border-top:1px solid #d0d7de;${FONT};font-size:14px;line-height:1.5;color:#505a64">
${[reason, ...identification].map(escapeMarkup).join('<br>')}<br><a href="${escapeMarkup(fields.unsubscribeLink)}" style="display:inline-block;padding:10px 0;color:#505a64">${escapeMarkup(say('message.unsubscribe'))}</a>
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text: plain, html };
}

/**
 * Where the sender is and how to reach it (CASL): the vendor's mailing address and contact, each the
 * operator's when the vendor's profile has none (and left out when neither is set, outside production);
 * the operator's contact is said to be the operator's.
 */
export function identificationOf(
  fields: Pick<MergeFields, 'mailingAddress' | 'contact'>,
  operator: Operator,
  locale: Locale,
  vendorName: string,
): string[] {
  const mailingAddress = cleanMergeValue(fields.mailingAddress ?? '') || operator.mailingAddress;
  const vendorContact = cleanMergeValue(fields.contact ?? '');
  const reach = vendorContact
    ? text(locale, 'message.reachVendor', { vendorName, contact: displayedContact(locale, vendorContact) })
    : operator.contact &&
      text(locale, 'message.reachOperator', {
        operatorName: operator.name,
        contact: displayedContact(locale, operator.contact),
      });
  return [
    ...(mailingAddress ? [text(locale, 'message.postalAddress', { vendorName, mailingAddress })] : []),
    ...(reach ? [reach] : []),
  ];
}

const named = (body: Segment[]): boolean =>
  body.some((segment) => typeof segment !== 'string' && segment.field === 'vendorName');

/**
 * The SMS texts of a purpose, best first, each with its one link and the opt-out line: the vendor's
 * custom text (signed with the vendor's name when it does not name it: CASL), the purpose's default,
 * its short form, then the vendor's name and the link. Names go as given, letters and all (one outside
 * GSM-7 makes the text UCS-2); only typographic punctuation takes its GSM-7 form.
 */
function smsCandidates(
  purpose: CustomerPurpose,
  fields: MergeFields,
  customMessage: string | null | undefined,
  locale: Locale,
): string[] {
  const frameLine = PURPOSE_FRAME[purpose].customMessageFirstLine;
  const firstLine = frameLine && { segments: catalogued(locale, frameLine.sms), lineBreak: '\n' };
  // Every SMS names its sender (CASL): a custom text that does not is signed with the vendor's name.
  const signed = (custom: Segment[]): Segment[] =>
    named([...(firstLine?.segments ?? []), ...custom])
      ? custom
      : [...catalogued(locale, 'sms.signature'), ' ', ...custom];
  const bodyOf = (custom: Segment[] | null): Segment[] =>
    bodyTemplate(custom && signed(custom), catalogued(locale, purposeKey(purpose, 'sms')), ' ', firstLine);
  const custom = customTemplate(customMessage);
  const values = valuesOf(fields, '', locale);
  const optOut = text(locale, 'message.smsOptOut');
  const templates = [
    ...(custom ? [bodyOf(custom)] : []),
    bodyOf(null),
    catalogued(locale, purposeKey(purpose, 'smsShort')),
    // A friend's invitation keeps who referred them (its short form is already the shortest).
    ...(purpose === 'REFERRAL_INVITATION' ? [] : [catalogued(locale, 'sms.shortest')]),
  ];
  // The vendor's own typographic punctuation too (’ « »): sent in its GSM-7 form, letters as written.
  return templates.map((template) => `${withGsm7Punctuation(fillText(template, values))}\n${optOut}`);
}

/**
 * One short link, and how to stop (a reply, so no second link is needed), in at most MAX_SMS_SEGMENTS
 * parts: the first of `smsCandidates` that fits. A name, the link and the opt-out line are never cut,
 * and a text whose names alone overflow the parts is sent whole.
 */
export function renderSms(
  purpose: CustomerPurpose,
  fields: MergeFields,
  customMessage: string | null | undefined,
  locale: Locale,
): string {
  const texts = smsCandidates(purpose, fields, customMessage, locale);
  return texts.find((sms) => smsSize(sms).segments <= MAX_SMS_SEGMENTS) ?? texts[texts.length - 1];
}

/** The size of a vendor's custom SMS text as it would be sent with these fields (the review settings measure it). */
export function customSmsSize(
  purpose: CustomerPurpose,
  fields: MergeFields,
  customMessage: string,
  locale: Locale,
): SmsSize {
  return smsSize(smsCandidates(purpose, fields, customMessage, locale)[0]);
}
