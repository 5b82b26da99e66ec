import { ApiProperty } from '@nestjs/swagger';
import type { OutboxNotification } from '../../notifications/entities/outbox-notification.entity';
import type { InboundSms } from '../entities/inbound-sms.entity';

/** One message of a reputation process's conversation, either way. */
export class ProcessMessageResponse {
  /** `out_` and the outbox row's number for a message sent, `in_` and the text's number for one received. @example "in_42" */
  id: string;
  @ApiProperty({ enum: ['outbound', 'inbound'], example: 'inbound' })
  direction: 'outbound' | 'inbound';
  @ApiProperty({ enum: ['email', 'sms'], example: 'sms' })
  channel: 'email' | 'sms';
  /** A message sent: `PENDING`, `SENT`, `FAILED`, or `SUPPRESSED` (no consent in force, not sent); one received: `RECEIVED`. */
  @ApiProperty({ enum: ['PENDING', 'SENT', 'FAILED', 'SUPPRESSED', 'RECEIVED'], example: 'RECEIVED' })
  status: 'PENDING' | 'SENT' | 'FAILED' | 'SUPPRESSED' | 'RECEIVED';
  /** The text sent (an e-mail's text part) or received. @example "Thanks, great job on the deck!" */
  body: string;
  /** When it was sent (queued, while not sent yet) or received. @example "2026-11-21T20:05:09.456Z" */
  at: string;
  /**
   * The basis of consent it was sent under (docs/contract.md#consent): a ledger line (`PURCHASE#12`) or an
   * exemption (`EXEMPT:REFERRAL_FIRST_MESSAGE`); null while it has not left, and for a text received.
   * @example "PURCHASE#12"
   */
  @ApiProperty({ type: String, nullable: true, example: 'PURCHASE#12' })
  consentBasis: string | null;

  static outbound(message: OutboxNotification): ProcessMessageResponse {
    return {
      id: `out_${message.id}`,
      direction: 'outbound',
      channel: message.channel === 'EMAIL' ? 'email' : 'sms',
      status: message.status,
      body: message.text,
      at: (message.sentAt ?? message.createdAt).toISOString(),
      consentBasis: message.consentBasis,
    };
  }

  static inbound(text: InboundSms): ProcessMessageResponse {
    return {
      id: `in_${text.id}`,
      direction: 'inbound',
      channel: 'sms',
      status: 'RECEIVED',
      body: text.body,
      at: text.receivedAt.toISOString(),
      consentBasis: null,
    };
  }
}
