import { Injectable } from '@nestjs/common';
import { EventsService } from '../events/events.service';
import type { NotificationPurpose } from '../notifications/notification.types';
import { NotificationsService } from '../notifications/notifications.service';
import { VendorsService } from '../vendors/vendors.service';
import type { InboundSms } from './entities/inbound-sms.entity';
import { SmsReplyListeners } from './sms-reply-listeners';

/** The conversation a reply continues: the text it answers, by its purpose and subject. */
export interface RepliedText {
  purpose: NotificationPurpose;
  subjectId: number;
}

/** Whose a reply is: a vendor (and its process, when the text it answers was one's), or nobody's. */
export interface ReplyRoute {
  vendorId: number | null;
  processId: number | null;
  replied: RepliedText | null;
}

const NOBODY: ReplyRoute = { vendorId: null, processId: null, replied: null };

/**
 * Where a customer's reply belongs (docs/contract.md#sms-replies), by its (`From`, `To`) pair: the latest text that left
 * for that phone from that number. Each vendor texts a phone from a pool number of its own
 * (SmsSenderPool), so that is the vendor that wrote; a vendor's own sender number is its alone.
 */
@Injectable()
export class ReplyRouting {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly vendors: VendorsService,
    private readonly events: EventsService,
    private readonly listeners: SmsReplyListeners,
  ) {}

  /** `pool`: the SMS_FROM numbers, the first of which texts queued before the pool left from. */
  async route(phone: string | null, to: string, pool: readonly string[]): Promise<ReplyRoute> {
    const owner = pool.includes(to) ? null : await this.vendors.ownerOfSmsNumber(to);
    if (!pool.includes(to) && owner === null) return NOBODY;
    const text = phone ? await this.notifications.lastTextTo(phone, to, to === pool[0]) : null;
    if (!text) return { ...NOBODY, vendorId: owner };
    const { vendorId, processId, purpose, subjectId } = text;
    return { vendorId, processId, replied: { purpose, subjectId } };
  }

  /**
   * In the transaction that stored the reply: `message.received` on the vendor's feed and webhooks for a
   * process's reply; a reply to another kind of conversation goes to the listener of its purpose.
   */
  async announce(reply: InboundSms, replied: RepliedText | null): Promise<void> {
    const listener = replied && this.listeners.of(replied.purpose);
    if (listener) return listener.received(reply, replied.subjectId);
    if (reply.processId === null || reply.vendorId === null) return;
    await this.events.record(reply.vendorId, 'message.received', {
      processId: reply.processId,
      channel: 'sms',
      body: reply.body,
      receivedAt: reply.receivedAt.toISOString(),
    });
  }
}
