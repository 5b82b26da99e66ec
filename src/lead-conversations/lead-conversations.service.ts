import { Transactional } from '@nestjs-cls/transactional';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { quietUntil } from '../automation-settings/quiet-hours';
import { AutomationSettingsService } from '../automation-settings/automation-settings.service';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import type { Locale } from '../common/locale/locale';
import { Clock } from '../common/time/clock';
import { invalidRequest } from '../common/validation/invalid-request';
import { EventsService } from '../events/events.service';
import { LeadAction, type LeadView } from '../leads/entities/lead.entity';
import { LeadsService } from '../leads/leads.service';
import { LEAD_MESSAGE_PURPOSE, type NotificationStatus } from '../notifications/notification.types';
import { NotificationsService } from '../notifications/notifications.service';
import { MAX_LEAD_MESSAGE_SMS_SEGMENTS, renderLeadMessageSms } from '../notifications/rendering/lead-message';
import { smsSize } from '../notifications/rendering/sms-segments';
import { ReputationLinks, newLinkToken, unknownLink } from '../reputation/reputation-links';
import { ReputationProcessService } from '../reputation/reputation-process.service';
import type { VendorCard } from '../reputation/vendor-card';
import type { Vendor } from '../vendors/entities/vendor.entity';
import { vendorContactOf } from '../vendors/vendor-profile';
import { VendorsService } from '../vendors/vendors.service';
import type { InboundSms } from '../sms-inbound/entities/inbound-sms.entity';
import { type SmsReplyListener, SmsReplyListeners } from '../sms-inbound/sms-reply-listeners';
import type { LeadMessage, LeadMessageChannel } from './entities/lead-message.entity';
import { LeadMessagesRepository } from './lead-messages.repository';
import { noteTouched } from '../common/privacy/touched-records';

/** A message of a conversation with its delivery status (`RECEIVED` for the customer's texts). */
export type LeadMessageView = Pick<LeadMessage, 'id' | 'direction' | 'channel' | 'body' | 'at' | 'sendAfter'> & {
  status: NotificationStatus | 'RECEIVED';
  /** The basis of consent it left under (the outbox's), null while not sent and for a text received. */
  consentBasis: string | null;
};

export interface LeadMessagePage {
  content: LeadMessageView[];
  hasMore: boolean;
  nextAfter: number | null;
}

/** Within this long after the customer's last text, the vendor's answer leaves even in quiet hours. */
const ANSWER_WINDOW_MS = 24 * 3_600_000;

/**
 * The paths of a lead message's page, which identifies the sender (the operator, the vendor, its address
 * and contact) and ends the vendor's messages to the customer: an e-mail links to it to unsubscribe, an
 * SMS by its shorter path, to identify its sender (CASL by link).
 */
export const leadUnsubscribePath = (token: string): string => `/l/${token}/unsubscribe`;
export const leadMessagePath = (token: string): string => `/l/${token}`;

/**
 * Conversations on leads (docs/contract.md#lead-conversations): the vendor writes to the customer of a lead it accepted, through
 * the outbox, identified and within the opt-outs; the customer's texts routed to the lead are kept with it.
 */
@Injectable()
export class LeadConversationsService implements OnModuleInit, SmsReplyListener {
  constructor(
    private readonly repository: LeadMessagesRepository,
    private readonly leads: LeadsService,
    private readonly vendors: VendorsService,
    private readonly notifications: NotificationsService,
    private readonly processes: ReputationProcessService,
    private readonly automation: AutomationSettingsService,
    private readonly links: ReputationLinks,
    private readonly events: EventsService,
    private readonly clock: Clock,
    private readonly replies: SmsReplyListeners,
  ) {}

  /** The customers' replies to the lead messages' texts come here (sms-inbound routes them by their pair). */
  onModuleInit(): void {
    this.replies.register([LEAD_MESSAGE_PURPOSE], this);
  }

  /**
   * Queues the vendor's message: a 404 for a lead not the vendor's, a 409 for a lead not accepted, a 400
   * for a channel the lead has no contact for or an SMS over its segments, the opt-out 409 for a contact
   * that opted out or was erased, a 409 for a phone no pool number is free for. The lead's first message is recorded in the same transaction.
   */
  @Transactional()
  async send(vendorId: number, leadId: number, body: string, asked?: LeadMessageChannel): Promise<LeadMessageView> {
    const lead = await this.leads.get(vendorId, leadId);
    if (lead.vendorLeadAction !== LeadAction.Accept) {
      throw new DomainError(
        ErrorCode.InvalidTransition,
        `Lead ${leadId} is not accepted: only the customer of an accepted lead can be written to.`,
      );
    }
    const channel = asked ?? (lead.customerPhone ? 'sms' : 'email');
    const recipient = channel === 'sms' ? lead.customerPhone : lead.customerEmail;
    if (!recipient) {
      const missing = channel === 'sms' ? 'phone number' : 'e-mail address';
      throw invalidRequest([
        { field: 'channel', message: `lead ${leadId} has no ${missing} to write to by ${channel}` },
      ]);
    }
    const vendor = await this.vendors.get(vendorId);
    const locale = lead.customerLocale ?? vendor.defaultLocale;
    const unsubscribeToken = newLinkToken();
    const pageLink = this.links.absolute(
      channel === 'sms' ? leadMessagePath(unsubscribeToken) : leadUnsubscribePath(unsubscribeToken),
    );
    if (channel === 'sms') this.assertSmsFits(vendor.vendorName, body, pageLink, locale);
    const optedOut = `The customer opted out of messages from ${vendor.vendorName}: no message was sent.`;
    if (await this.processes.anyOptedOut(vendorId, [recipient])) throw new DomainError(ErrorCode.Conflict, optedOut);
    const noText =
      channel === 'sms' ? await this.notifications.whyNoText(recipient, vendorId, vendor.smsFromNumber) : null;
    if (noText) {
      throw new DomainError(
        ErrorCode.Conflict,
        noText === 'OPTED_OUT'
          ? optedOut
          : "Every text-message number of the service already carries another vendor's conversation with this phone, and a number is never shared: no message was sent.",
      );
    }
    const at = this.clock.now();
    const sendAfter = await this.heldUntil(lead, at);
    const stored = await this.repository.insert({
      vendorId,
      leadId,
      direction: 'outbound',
      channel,
      body,
      at,
      sendAfter,
      unsubscribeToken,
    });
    await this.notifications.enqueueLeadMessage({
      vendorId,
      subjectId: stored.id,
      locale,
      channel: channel === 'sms' ? 'SMS' : 'EMAIL',
      recipient,
      body,
      vendor: this.writer(vendor),
      unsubscribeLink: pageLink,
      delayMs: sendAfter ? sendAfter.getTime() - at.getTime() : undefined,
    });
    await this.leads.markMessaged(vendorId, leadId);
    noteTouched('leadMessages', stored.id);
    return { ...stored, status: 'PENDING', consentBasis: null };
  }

  /** The lead's conversation after `after`, oldest first; a lead not the vendor's is a 404. */
  async list(vendorId: number, leadId: number, after: number | undefined, limit: number): Promise<LeadMessagePage> {
    await this.leads.get(vendorId, leadId);
    const rows = await this.repository.page(leadId, after ?? 0, limit + 1);
    const shown = rows.slice(0, limit);
    const sent = shown.filter((row) => row.direction === 'outbound').map((row) => row.id);
    const deliveries = await this.notifications.messagesOf(LEAD_MESSAGE_PURPOSE, sent);
    const content = shown.map((row): LeadMessageView => {
      const delivery = row.direction === 'inbound' ? undefined : deliveries.get(row.id)?.[0];
      const status = row.direction === 'inbound' ? 'RECEIVED' : (delivery?.status ?? 'PENDING');
      const { id, direction, channel, body, at, sendAfter } = row;
      return { id, direction, channel, body, at, sendAfter, status, consentBasis: delivery?.consentBasis ?? null };
    });
    const nextAfter = content.length ? content[content.length - 1].id : (after ?? null);
    return { content, hasMore: rows.length > limit, nextAfter };
  }

  /**
   * A customer's text answering the lead message `messageId` (routed by its (From, To) pair,
   * docs/contract.md#sms-replies): stored on that lead's conversation in the transaction that recorded
   * it, and announced as `message.received` with the lead's id.
   */
  async received(reply: InboundSms, messageId: number): Promise<void> {
    const answered = await this.repository.findById(messageId);
    if (!answered) return;
    const { vendorId, leadId } = answered;
    const at = this.clock.now();
    const body = reply.body;
    const message = { vendorId, leadId, direction: 'inbound' as const, channel: 'sms' as const, body, at };
    await this.repository.insert({ ...message, sendAfter: null, unsubscribeToken: null });
    const receivedAt = at.toISOString();
    await this.events.record(vendorId, 'message.received', { leadId, channel: 'sms', body, receivedAt });
  }

  /** What the page of a lead's message shows: the vendor, the language, whether its unsubscribe already took effect. */
  async unsubscribePage(token: string): Promise<{ vendor: VendorCard; locale: Locale; optedOut: boolean }> {
    const { vendorId, contact, locale } = await this.unsubscribing(token);
    const optedOut = await this.processes.anyOptedOut(vendorId, [contact]);
    return { vendor: await this.processes.vendorCardOf({ vendorId }), locale, optedOut };
  }

  /** The page's unsubscribe: the vendor never messages that contact again; what still waits is given up. */
  @Transactional()
  async optOut(token: string): Promise<void> {
    const { vendorId, contact } = await this.unsubscribing(token);
    await this.processes.stopMessages(vendorId, [contact]);
  }

  /**
   * The e-mail address or phone a message's link was sent to; an unknown link is a 404, one whose customer
   * was erased a 410.
   */
  private async unsubscribing(token: string): Promise<{ vendorId: number; contact: string; locale: Locale }> {
    const message = await this.repository.byUnsubscribeToken(token);
    if (!message) throw unknownLink();
    const lead = await this.leads.get(message.vendorId, message.leadId);
    const contact = message.channel === 'sms' ? lead.customerPhone : lead.customerEmail;
    if (!contact) throw new DomainError(ErrorCode.Gone, 'This link is no longer available.');
    const locale = lead.customerLocale ?? (await this.vendors.get(message.vendorId)).defaultLocale;
    return { vendorId: message.vendorId, contact, locale };
  }

  /** Quiet hours hold unless the customer texted within the last 24 hours (a first message is always held). */
  private async heldUntil(lead: LeadView, now: Date): Promise<Date | null> {
    const lastText = await this.repository.lastInboundAt(lead.id);
    if (lastText && now.getTime() - lastText.getTime() <= ANSWER_WINDOW_MS) return null;
    return quietUntil(await this.automation.settingsOf(lead.vendorId), now);
  }

  /** The SMS as it would leave, in at most its segments: a longer one is a 400 naming the limit. */
  private assertSmsFits(vendorName: string, body: string, link: string, locale: Locale): void {
    const { segments, encoding } = smsSize(renderLeadMessageSms(vendorName, body, link, locale));
    if (segments <= MAX_LEAD_MESSAGE_SMS_SEGMENTS) return;
    const message =
      `by SMS the message (with your name, the link that identifies you and the opt-out line) takes ${segments} segments in ${encoding}; ` +
      `at most ${MAX_LEAD_MESSAGE_SMS_SEGMENTS} are sent: shorten the body or write by e-mail`;
    throw invalidRequest([{ field: 'body', message }]);
  }

  private writer(vendor: Vendor) {
    const { vendorName: name, mailingAddress, email, smsFromNumber: smsSender } = vendor;
    return { name, mailingAddress, contact: vendorContactOf(vendor), email, smsSender };
  }
}
