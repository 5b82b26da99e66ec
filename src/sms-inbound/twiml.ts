const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The TwiML answer: nothing to send back, or one message to the sender. */
export function twiml(message?: string): string {
  if (message === undefined) return '<?xml version="1.0" encoding="UTF-8"?><Response/>';
  const text = message.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]);
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${text}</Message></Response>`;
}
