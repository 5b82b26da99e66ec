import type { OutboxNotification } from '../entities/outbox-notification.entity';

/** What a sender needs of a claimed outbox row: everything was rendered at enqueue. */
export type OutgoingMessage = Pick<
  OutboxNotification,
  | 'id'
  | 'channel'
  | 'recipient'
  | 'subject'
  | 'text'
  | 'html'
  | 'unsubscribeUrl'
  | 'messageKey'
  | 'fromName'
  | 'replyTo'
  | 'sender'
>;

/** One channel's way out. Resolves when the provider accepted the message; rejects with a DeliveryFailure. */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

export const EMAIL_SENDER = Symbol('EMAIL_SENDER');
export const SMS_SENDER = Symbol('SMS_SENDER');
