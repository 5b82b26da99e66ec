import { vendorContactOf } from '../vendors/vendor-profile';
import { Injectable } from '@nestjs/common';
import type { Locale } from '../common/locale/locale';
import type { CustomerPurpose, NotificationChannel } from '../notifications/notification.types';
import type { DeliveryState } from '../notifications/entities/outbox-notification.entity';
import { NotificationsService } from '../notifications/notifications.service';
import { ReputationLinks } from './reputation-links';
import { type Contact, addressesOf } from './contact';
import { ProcessRepository } from './process.repository';
import type { Vendor } from '../vendors/entities/vendor.entity';
import { VendorsService } from '../vendors/vendors.service';
import { SmsOptOuts } from '../notifications/sms-opt-outs';
import { AutomationSettingsService } from '../automation-settings/automation-settings.service';
import type { AutomationSettingsValues } from '../automation-settings/automation-settings';
import { quietUntil } from '../automation-settings/quiet-hours';
import { Clock } from '../common/time/clock';

export interface MessageToCustomer {
  vendorId: number;
  purpose: CustomerPurpose;
  /** The process's language. */
  locale: Locale;
  /** Id of the request row the message belongs to. */
  subjectId: number;
  firstName: string;
  contact: Contact;
  /** Path of the page the message links to, and of its unsubscribe page. */
  path: string;
  unsubscribePath: string;
  /** The vendor's custom texts (review settings); null for the default wording. */
  customMessages?: { email: string | null; sms: string | null };
  /** A friend's invitation: who referred them. */
  referrerName?: string;
  /** Held back this long before it is sent. */
  delayMs?: number;
  /** The customer's process the message is part of (its conversation); absent for a friend's invitation. */
  processId?: number;
}

export interface QueuedMessages {
  channels: NotificationChannel[];
  /** Where each message queued now stands, e-mail before SMS. */
  deliveries: DeliveryState[];
  /** Contacts not messaged because they opted out of this vendor's messages. */
  optedOut: ('email' | 'phone')[];
  /** The phone was not texted: every pool number carries another vendor's conversation with it. */
  senderPoolFull: boolean;
  /** When the SMS, held for the vendor's quiet hours, leaves; null when nothing waits for them. */
  sendAfter: Date | null;
}

/**
 * The one way reputation messages are sent: inside the caller's transaction, to each of the
 * customer's contacts that has not opted out of the vendor's messages, in the vendor's name and
 * answered to the vendor's e-mail. A text, whoever starts it, waits for the end of the vendor's quiet
 * hours (docs/contract.md#automation); an e-mail leaves at once.
 */
@Injectable()
export class ReputationMessages {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly repository: ProcessRepository,
    private readonly links: ReputationLinks,
    private readonly vendors: VendorsService,
    private readonly smsOptOuts: SmsOptOuts,
    private readonly automation: AutomationSettingsService,
    private readonly clock: Clock,
  ) {}

  /** The contacts the vendor must not message: its own opt-out list, erased contacts, phones that texted STOP. */
  async optedOut(vendorId: number, contacts: string[]): Promise<Set<string>> {
    const ofVendor = await this.repository.optedOut(vendorId, contacts);
    return new Set([...ofVendor, ...(await this.smsOptOuts.among(vendorId, contacts))]);
  }

  /** `sender`: the vendor's row and automation settings when the caller has just read them, else read here. */
  async queue(
    message: MessageToCustomer,
    sender?: { vendor: Vendor; settings: AutomationSettingsValues },
  ): Promise<QueuedMessages> {
    const { email, phone } = message.contact;
    // The phones' own opt-outs (STOP) are read with the pool's numbers, below.
    const optedOut = await this.repository.optedOut(message.vendorId, addressesOf(message.contact));
    const result: QueuedMessages = {
      channels: [],
      deliveries: [],
      optedOut: [],
      senderPoolFull: false,
      sendAfter: null,
    };
    const vendor = sender?.vendor ?? (await this.vendors.get(message.vendorId));
    const settings = phone === null ? null : (sender?.settings ?? (await this.automation.settingsOf(message.vendorId)));
    const now = this.clock.now();
    const quietEnd = settings === null ? null : quietUntil(settings, now);
    const smsDelayMs = Math.max(message.delayMs ?? 0, quietEnd ? quietEnd.getTime() - now.getTime() : 0);
    const recipients: [NotificationChannel, 'email' | 'phone', string | null, string | null | undefined][] = [
      ['EMAIL', 'email', email, message.customMessages?.email],
      ['SMS', 'phone', phone, message.customMessages?.sms],
    ];
    for (const [channel, kind, recipient, customMessage] of recipients) {
      if (recipient === null) continue;
      if (optedOut.has(recipient)) {
        result.optedOut.push(kind);
        continue;
      }
      const noText =
        channel === 'SMS'
          ? await this.notifications.whyNoText(recipient, message.vendorId, vendor.smsFromNumber)
          : null;
      if (noText === 'OPTED_OUT') result.optedOut.push(kind);
      if (noText === 'SENDER_POOL_FULL') result.senderPoolFull = true;
      if (noText) continue;
      const delivery = await this.notifications.enqueue({
        vendorId: message.vendorId,
        purpose: message.purpose,
        locale: message.locale,
        subjectId: message.subjectId,
        channel,
        recipient,
        mergeFields: {
          firstName: message.firstName,
          vendorName: vendor.vendorName,
          link: this.links.absolute(message.path),
          unsubscribeLink: this.links.absolute(message.unsubscribePath),
          referrerName: message.referrerName,
          mailingAddress: vendor.mailingAddress,
          contact: vendorContactOf(vendor),
        },
        customMessage,
        replyTo: vendor.email,
        delayMs: channel === 'SMS' ? smsDelayMs : message.delayMs,
        sendAfter: channel === 'SMS' ? quietEnd : null,
        processId: message.processId,
        smsSender: vendor.smsFromNumber,
      });
      result.channels.push(channel);
      if (delivery) result.deliveries.push(delivery);
      if (channel === 'SMS') result.sendAfter = quietEnd;
    }
    return result;
  }
}
