const REFERENCES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe in HTML and in XML (the customer pages, the e-mails, TwiML), in element content and
 * in quoted attribute values alike: the five characters markup gives a meaning become references.
 * `&#39;` rather than `&apos;`, which HTML 4 e-mail clients do not all read; XML reads both.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (character) => REFERENCES[character]);
}
