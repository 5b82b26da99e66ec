import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DeliveryState, OutboxNotification } from './entities/outbox-notification.entity';
import {
  LEAD_MESSAGE_PURPOSE,
  type NewLeadMessage,
  type NewNotification,
  type NewVendorAlert,
  type NoTextReason,
  type NotificationPurpose,
} from './notification.types';
import { NewOutboxRow, NotificationsRepository } from './notifications.repository';
import { OutboxSignal } from '../database/outbox-signal';
import { NotificationsConfig, notificationsConfig } from '../config/notifications.config';
import { type Operator, cleanMergeValue, renderEmail, renderSms } from './rendering/render-notification';
import { isEmailAddress } from '../common/validation/email-address';
import { renderLeadMessageEmail, renderLeadMessageSms } from './rendering/lead-message';
import { SmsSenderPool } from './sender-pool/sms-sender-pool';
import { type LeavingMessage, SendingConsent, type WithdrawalSource } from './sending-consent';

// Producers validate what customers type by the same e-mail rule; these only stop a producer bug from
// reaching a provider (several addresses in one, header injection, a javascript: link).
const NORMALIZED_PHONE = /^\d{3}-\d{3}-\d{4}$/;

type AddressedMessage = Pick<NewVendorAlert, 'vendorId' | 'subjectId' | 'channel' | 'recipient'>;

function assertHttpUrl(value: string, name: string): void {
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`Notification ${name} must be an http(s) URL.`);
}

function assertValid(notification: NewNotification): void {
  assertAddressed(notification);
  assertHttpUrl(notification.mergeFields.link, 'link');
  assertHttpUrl(notification.mergeFields.unsubscribeLink, 'unsubscribeLink');
  const { replyTo } = notification;
  if (replyTo != null && !isEmailAddress(replyTo)) {
    throw new Error('Notification replyTo is not a valid e-mail address.');
  }
}

function assertAddressed({ vendorId, subjectId, channel, recipient }: AddressedMessage): void {
  if (!Number.isSafeInteger(vendorId) || vendorId < 1)
    throw new Error('Notification vendorId must be a positive integer.');
  if (!Number.isSafeInteger(subjectId) || subjectId < 1) {
    throw new Error('Notification subjectId must be a positive integer.');
  }
  const recipientValid = channel === 'EMAIL' ? isEmailAddress(recipient) : NORMALIZED_PHONE.test(recipient);
  if (!recipientValid)
    throw new Error(
      `Notification recipient is not a valid ${channel === 'EMAIL' ? 'e-mail address' : 'xxx-xxx-xxxx phone number'}.`,
    );
}

/**
 * Rendered now, so what is sent is what was decided when the producer committed, retries included.
 * An e-mail comes from "{vendor} via {operator}" and is answered to the vendor.
 */
function render(notification: NewNotification, operator: Operator): NewOutboxRow {
  const { vendorId, purpose, locale, subjectId, channel, recipient, mergeFields, customMessage, delayMs, sendAfter } =
    notification;
  const unsubscribeUrl = mergeFields.unsubscribeLink;
  const processId = notification.processId ?? null;
  const base = {
    vendorId,
    purpose,
    subjectId,
    processId,
    channel,
    recipient,
    unsubscribeUrl,
    delayMs,
    sendAfter,
    messageKey: randomUUID(),
  };
  if (channel === 'SMS') {
    const text = renderSms(purpose, mergeFields, customMessage, locale);
    const sender = notification.smsSender ?? null;
    return { ...base, subject: null, text, html: null, fromName: null, replyTo: null, sender };
  }
  return {
    ...base,
    sender: null,
    ...renderEmail(purpose, mergeFields, customMessage, operator, locale),
    fromName: `${cleanMergeValue(mergeFields.vendorName)} via ${operator.name}`.slice(0, 300),
    replyTo: notification.replyTo ?? null,
  };
}

@Injectable()
export class NotificationsService {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly signal: OutboxSignal,
    @Inject(notificationsConfig.KEY) private readonly config: NotificationsConfig,
    private readonly senders: SmsSenderPool,
    private readonly consent: SendingConsent,
  ) {}

  /** Who sends the customers' messages for the vendors, and how customers reach it. */
  get operator(): Operator {
    const { operatorName, operatorMailingAddress, operatorContact } = this.config;
    return { name: operatorName, mailingAddress: operatorMailingAddress, contact: operatorContact };
  }

  /**
   * Why a text to a customer cannot leave for this phone now, null when it can, in one read: the phone
   * texted STOP (and did not ask this vendor again), or no number is the vendor's for it: neither its own
   * (`ownSender`) nor a pool number it has or that is free for the phone (never one that carries another
   * vendor's conversation with it). A full pool is reported to the operator.
   */
  async whyNoText(phone: string, vendorId: number, ownSender: string | null): Promise<NoTextReason | null> {
    const { optedOut, senderUses } = await this.repository.textingTo(phone, vendorId);
    if (optedOut) return 'OPTED_OUT';
    return ownSender !== null || this.senders.hasNumberFor(vendorId, senderUses) ? null : 'SENDER_POOL_FULL';
  }

  /**
   * Queues one message in the caller's transaction: it is delivered only if that transaction commits.
   * Idempotent per (purpose, subjectId, channel): a second call for the same message is ignored (and
   * answers null). Throws (a producer bug) on an invalid recipient or a non-http(s) link. Answers where
   * the message stands, as its request's answer shows it.
   */
  async enqueue(notification: NewNotification): Promise<DeliveryState | null> {
    assertValid(notification);
    const queued = await this.repository.insert(render(notification, this.operator));
    this.signal.queued();
    return queued;
  }

  /**
   * Queues a message to the vendor's own people, rendered by its producer, like `enqueue`: in the
   * caller's transaction, once per (purpose, subjectId, channel), throwing on an invalid recipient.
   */
  async enqueueAlert(alert: NewVendorAlert): Promise<void> {
    assertAddressed(alert);
    const { vendorId, purpose, subjectId, channel, recipient, subject, text, html } = alert;
    const addressing = { unsubscribeUrl: null, fromName: null, replyTo: null, sender: null, processId: null };
    const row = { vendorId, purpose, subjectId, channel, recipient, subject, text, html, ...addressing };
    await this.repository.insert({ ...row, messageKey: randomUUID() });
    this.signal.queued();
  }

  /**
   * Queues a vendor's message to a lead's customer like `enqueue`: in the caller's transaction, once per
   * message and channel, throwing on an invalid recipient. An e-mail comes from "{vendor} via {operator}",
   * ends with the identification and unsubscribe link and is answered to the vendor; an SMS names the vendor
   * and ends with the link to the page that identifies it (the same page) and the opt-out line.
   */
  async enqueueLeadMessage(message: NewLeadMessage): Promise<void> {
    assertAddressed(message);
    const { vendorId, subjectId, channel, recipient, body, vendor, locale, delayMs } = message;
    const base = { vendorId, purpose: LEAD_MESSAGE_PURPOSE, subjectId, processId: null, channel, recipient };
    const delivery = { delayMs, messageKey: randomUUID() };
    assertHttpUrl(message.unsubscribeLink, 'unsubscribeLink');
    if (channel === 'SMS') {
      const text = renderLeadMessageSms(vendor.name, body, message.unsubscribeLink, locale);
      const sms = { subject: null, text, html: null, unsubscribeUrl: null, fromName: null, replyTo: null };
      await this.repository.insert({ ...base, ...delivery, ...sms, sender: vendor.smsSender });
    } else {
      const unsubscribeUrl = message.unsubscribeLink;
      const email = renderLeadMessageEmail(body, { ...vendor, unsubscribeLink: unsubscribeUrl }, this.operator, locale);
      const fromName = `${cleanMergeValue(vendor.name)} via ${this.operator.name}`.slice(0, 300);
      await this.repository.insert({
        ...base,
        ...delivery,
        ...email,
        unsubscribeUrl,
        fromName,
        replyTo: vendor.email,
        sender: null,
      });
    }
    this.signal.queued();
  }

  /**
   * Gives up, in the caller's transaction, every message of the vendor (of every vendor when null) to
   * these customers that is not sent yet (they unsubscribed): each ends FAILED with the reason. A
   * message a worker is handing to the provider at this very moment cannot be called back.
   */
  async withdraw(
    vendorId: number | null,
    recipients: string[],
    reason: string,
    source: WithdrawalSource,
  ): Promise<void> {
    if (recipients.length === 0) return;
    await this.repository.failPendingTo(vendorId, recipients, reason);
    // The consent ledger records the withdrawal and ends the bases it covers.
    await this.consent.withdrawn(vendorId, recipients, source);
  }

  /** Whether the message's vendor already wrote to its recipient under `basis` (an exemption), by another message. */
  exemptionUsed(message: LeavingMessage, basis: string): Promise<boolean> {
    return this.repository.exemptionUsed(message, basis);
  }

  /** The messages of a reputation process, oldest first. */
  messagesOfProcess(processId: number): Promise<OutboxNotification[]> {
    return this.repository.ofProcess(processId);
  }

  /**
   * The latest text to a customer that left for this phone from this sender number: whose conversation
   * a reply to that number continues. `orUnnamed`: the first SMS_FROM number, which texts queued before
   * the pool left from without naming it.
   */
  lastTextTo(phone: string, sender: string, orUnnamed: boolean): Promise<OutboxNotification | null> {
    return this.repository.lastTextTo(phone, sender, orUnnamed);
  }

  /** Gives up, in the caller's transaction, the messages of one subject not sent yet (no longer needed). */
  async withdrawSubject(purpose: NotificationPurpose, subjectId: number, reason: string): Promise<void> {
    await this.repository.failPendingOf(purpose, subjectId, reason);
  }

  /**
   * Gives up, in the caller's transaction, the vendor's alerts to its own people not sent yet: a
   * deactivated account's people are not called to leads it can no longer answer.
   */
  async withdrawAlerts(vendorId: number, reason: string): Promise<void> {
    await this.repository.failPendingAlertsOf(vendorId, reason);
  }

  /**
   * Changes whenever the vendor's `failedSubjects('REFERRAL_REQUEST')` may have: a count kept by
   * triggers (the MessageFailureChanges migration, which counts that purpose alone), whichever instance
   * or statement changed the messages.
   */
  referralFailureChanges(vendorId: number): Promise<string> {
    return this.repository.failureChanges(vendorId);
  }

  /** The ids of the vendor's subjects (requests) whose messages all failed for good; int8 ids, as strings. */
  failedSubjects(purpose: NotificationPurpose, vendorId: number): Promise<string[]> {
    return this.repository.failedSubjects(purpose, vendorId);
  }

  /** The messages of each request, e-mail before SMS; every id asked for is in the map (an empty list when none). */
  async messagesOf(purpose: NotificationPurpose, subjectIds: number[]): Promise<Map<number, OutboxNotification[]>> {
    const statuses = new Map<number, OutboxNotification[]>(subjectIds.map((id) => [id, []]));
    if (subjectIds.length === 0) return statuses;
    for (const row of await this.repository.findBySubjects(purpose, [...new Set(subjectIds)])) {
      statuses.get(row.subjectId)?.push(row);
    }
    return statuses;
  }
}
