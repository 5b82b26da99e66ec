import { escapeMarkup } from '../common/markup/escape-markup';

/** The TwiML answer: nothing to send back, or one message to the sender. */
export function twiml(message?: string): string {
  if (message === undefined) return '<?xml version="1.0" encoding="UTF-8"?><Response/>';
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeMarkup(message)}</Message></Response>`;
}
