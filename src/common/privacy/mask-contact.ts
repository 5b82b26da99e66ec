/** What a contact becomes in a provider's failure text and in the log (docs/contract.md#data-rights). */
export const MASKED_RECIPIENT = '[recipient]';

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A North American number in any usual spelling: E.164, digits, dashes, dots, spaces, brackets. */
function phonePattern(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (digits.length !== 10) return undefined;
  const sep = '[\\s.\\-]?';
  return `(?<!\\d)(?:\\+?1${sep})?\\(?${digits.slice(0, 3)}\\)?${sep}${digits.slice(3, 6)}${sep}${digits.slice(6)}(?!\\d)`;
}

/**
 * `text` with every spelling of the recipient's contact replaced by `[recipient]`: an e-mail in any
 * case or URL-encoded, a phone in any usual format. Providers quote the address they refused ("552
 * 5.2.2 <name@example.org>: Mailbox full", Twilio's "The 'To' number +14165550142 is not valid"), and
 * such a text is stored, shown, sent in `message.failed` and logged: it is masked where it enters.
 */
export function maskContact(text: string, contact: string): string {
  const patterns = contact.includes('@')
    ? [escaped(contact), escaped(encodeURIComponent(contact))]
    : [phonePattern(contact) ?? escaped(contact)];
  return text.replace(new RegExp(patterns.join('|'), 'gi'), MASKED_RECIPIENT);
}
