import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { NotificationPurpose } from '../../src/notifications/notification.types';

/** One message as the outbox holds it: what the customer (or friend) receives. */
export interface OutboxMessage {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  unsubscribeUrl: string;
  status: 'PENDING' | 'SENT' | 'FAILED';
  lastError: string | null;
}

const COLUMNS = `channel, recipient, subject, text, html, unsubscribe_url AS "unsubscribeUrl", status,
                 last_error AS "lastError"`;

/** The messages of one request (purpose and id of its row), email first. */
export function messagesOf(
  app: INestApplicationContext,
  purpose: NotificationPurpose,
  subjectId: number,
): Promise<OutboxMessage[]> {
  return app
    .get(DataSource)
    .query(`SELECT ${COLUMNS} FROM notification_outbox WHERE purpose = $1 AND subject_id = $2 ORDER BY channel`, [
      purpose,
      subjectId,
    ]);
}

/** Every message ever queued for a vendor to this address. */
export function messagesTo(
  app: INestApplicationContext,
  vendorId: number,
  recipient: string,
): Promise<OutboxMessage[]> {
  return app
    .get(DataSource)
    .query(`SELECT ${COLUMNS} FROM notification_outbox WHERE vendor_id = $1 AND recipient = $2 ORDER BY id`, [
      vendorId,
      recipient,
    ]);
}

const PAGE_LINK = /https?:\/\/[^\s"<]+\/[ri]\/[A-Za-z0-9_-]{24}(?=[\s"<]|$)/;

/**
 * The page link a message carries, as the customer would follow it. Checks that every part of the
 * message (text, HTML, the unsubscribe header) agrees on it, and that an SMS carries no other link.
 */
export function linkIn(message: OutboxMessage): string {
  const link = PAGE_LINK.exec(message.text)?.[0];
  if (!link) throw new Error(`No page link in: ${message.text}`);
  if (message.channel === 'SMS' && message.text.match(/https?:\/\//g)?.length !== 1) {
    throw new Error(`An SMS with more than one link: ${message.text}`);
  }
  if (message.html !== null && !message.html.includes(`href="${link}"`))
    throw new Error('The HTML part lacks the link');
  if (message.unsubscribeUrl !== `${link}/unsubscribe`)
    throw new Error(`Unexpected unsubscribe URL ${message.unsubscribeUrl}`);
  // An e-mail carries the unsubscribe link; an SMS carries one link only and says to reply STOP.
  const optOut = message.channel === 'EMAIL' ? message.unsubscribeUrl : 'Reply STOP to opt out.';
  if (!message.text.includes(optOut)) throw new Error(`The text lacks "${optOut}"`);
  return link;
}

/** The link of a request's first message (every message of a request carries the same link). */
export async function linkSentFor(
  app: INestApplicationContext,
  purpose: NotificationPurpose,
  subjectId: number,
): Promise<string> {
  const messages = await messagesOf(app, purpose, subjectId);
  const links = new Set(messages.map(linkIn));
  if (links.size !== 1)
    throw new Error(`Expected one link in the messages of ${purpose} ${subjectId}, found ${links.size}`);
  return [...links][0];
}
