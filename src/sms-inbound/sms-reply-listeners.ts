import { Injectable } from '@nestjs/common';
import type { NotificationPurpose } from '../notifications/notification.types';
import type { InboundSms } from './entities/inbound-sms.entity';

/**
 * A kind of conversation other than a reputation process (a lead's) whose texts leave through the
 * outbox under purposes of its own: a customer's reply to one of them is handed to it.
 */
export interface SmsReplyListener {
  /** In the transaction that stored the reply (`vendorId` set, `processId` null); `subjectId`: the text's subject. */
  received(reply: InboundSms, subjectId: number): Promise<void>;
}

/**
 * The port through which a module above sms-inbound takes the replies to its texts, by purpose, without
 * sms-inbound importing it (it registers at start, as on leads' LeadListeners).
 */
@Injectable()
export class SmsReplyListeners {
  private readonly byPurpose = new Map<NotificationPurpose, SmsReplyListener>();

  register(purposes: readonly NotificationPurpose[], listener: SmsReplyListener): void {
    for (const purpose of purposes) this.byPurpose.set(purpose, listener);
  }

  of(purpose: NotificationPurpose): SmsReplyListener | undefined {
    return this.byPurpose.get(purpose);
  }
}
