import { Logger } from '@nestjs/common';
import { maskUrlsIn } from '../../logging/mask-url';
import type { MessageSender, OutgoingMessage } from './message-sender';

/** j***@example.com, ***-***-1234: enough to tell messages apart in a log, not enough to contact anyone. */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  return `***-***-${recipient.slice(-4)}`;
}

/**
 * Used when SMTP_URL / SMS_* are not set: the message goes to the log and counts as delivered. Its links
 * are masked: a customer's link opens their page, and logs reach more people than the customer.
 */
export class LogSender implements MessageSender {
  private readonly logger = new Logger('NotificationLog');

  constructor(private readonly missingSetting: string) {}

  send(message: OutgoingMessage): Promise<void> {
    this.logger.log({
      msg: `${message.channel} notification ${message.id} written to the log (${this.missingSetting} not set)`,
      to: maskRecipient(message.recipient),
      subject: message.subject ?? undefined,
      text: maskUrlsIn(message.text),
    });
    return Promise.resolve();
  }
}
