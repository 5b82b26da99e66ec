import { Injectable } from '@nestjs/common';
import { EventsService } from '../events/events.service';
import { NotificationsService } from '../notifications/notifications.service';
import { ReputationProcessService } from '../reputation/reputation-process.service';
import { VendorsService } from '../vendors/vendors.service';
import type { InboundSms } from './entities/inbound-sms.entity';

/** Whose a reply is: a process (and so its vendor), or only the vendor that owns the number written to. */
export interface ReplyRoute {
  vendorId: number | null;
  processId: number | null;
}

/**
 * Where a customer's reply belongs: the latest process that texted that phone from the number it wrote to.
 * A vendor's own sender number belongs to that vendor alone, so a reply to it reaches only its processes.
 */
@Injectable()
export class ReplyRouting {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly processes: ReputationProcessService,
    private readonly vendors: VendorsService,
    private readonly events: EventsService,
  ) {}

  async route(phone: string | null, to: string, sharedSender: string): Promise<ReplyRoute> {
    const vendorsOwn = to !== '' && to !== sharedSender;
    const owner = vendorsOwn ? await this.vendors.ownerOfSmsNumber(to) : null;
    if (vendorsOwn && owner === null) return { vendorId: null, processId: null };
    const processId = phone ? await this.notifications.lastProcessTexted(phone, vendorsOwn ? to : null) : null;
    if (processId === null) return { vendorId: owner, processId: null };
    return { vendorId: (await this.processes.findById(processId)).vendorId, processId };
  }

  /** `message.received` on the vendor's feed and webhooks, in the transaction that stored the reply. */
  announce(reply: InboundSms): Promise<void> {
    return this.events.record(reply.vendorId!, 'message.received', {
      processId: reply.processId,
      channel: 'sms',
      body: reply.body,
      receivedAt: reply.receivedAt.toISOString(),
    });
  }
}
