import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { exportedTime, exportedTimeOrNull } from '../../common/privacy/customer-data-export';
import { INT32_ID, INT64_ID } from '../../common/validation/canonical-int.decorator';
import type { MessageRecord } from '../notifications.sql';

/** One message of the export, either way: what was sent to the person or what they texted. */
export class ExportedMessage {
  /** The id of a message sent, or (`direction` inbound) of a text received: the two are numbered apart. */
  @ApiInteger(INT64_ID) id: number;
  /** The vendor it was sent for or written to; null for a text received that reached no vendor. */
  @ApiInteger(INT32_ID) vendorId: number | null;
  @ApiProperty({ enum: ['outbound', 'inbound'] })
  direction: 'outbound' | 'inbound';
  /** `EMAIL` or `SMS`; always `SMS` on an inbound text. @example "EMAIL" */
  channel: string;
  /**
   * Outbound: the e-mail address, or the phone as `xxx-xxx-xxxx` (sent as E.164); a lead's alert: the
   * vendor's address or phone. Inbound: the sender number written to, as the provider gave it (E.164).
   */
  to: string;
  /**
   * Outbound: null (each left from the service's own sender: `MAIL_FROM`, `SMS_FROM` or the vendor's own
   * number; never a person's address). Inbound: the person's phone as the provider gave it and as stored
   * (E.164, e.g. `+14165550123`).
   */
  from: string | null;
  /** The e-mail's subject; null on an SMS, and on a message erased. */
  subject: string | null;
  /** The text sent (an e-mail's text part) or received; `[erased]` once erased or blanked by retention. */
  body: string;
  /** Outbound: `PENDING`, `SENT` or `FAILED`. Inbound: `RECEIVED`. @example "SENT" */
  status: string;
  /** Outbound: when it was queued. Inbound: when the service received it. */
  createdAt: string;
  /** Outbound: when it left (null while not sent). Inbound: always null. */
  sentAt: string | null;
  /**
   * Outbound: why its last attempt failed, as the provider said it (the recipient masked); null when none
   * failed. Inbound: always null. @example null
   */
  lastError: string | null;

  /** A message sent (or to be sent) to the person. */
  static from(message: MessageRecord): ExportedMessage {
    return {
      id: Number(message.id),
      vendorId: message.vendorId,
      direction: 'outbound',
      channel: message.channel,
      to: message.recipient,
      from: null,
      subject: message.subject,
      body: message.text,
      status: message.status,
      createdAt: exportedTime(message.createdAt),
      sentAt: exportedTimeOrNull(message.sentAt),
      lastError: message.lastError,
    };
  }
}
