import type { Locale } from '../common/locale/locale';
/** What producers (review, feedback and referral requests; lead alerts) hand to NotificationsService. */

export const NOTIFICATION_CHANNELS = ['EMAIL', 'SMS'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * REFERRAL_REQUEST asks a customer who posted a review to refer a friend; REFERRAL_INVITATION is the
 * message to the friend they invited by email or text. The two reminders go once to a customer who
 * did not answer the request (subject: the same request row).
 */
export const CUSTOMER_PURPOSES = [
  'FEEDBACK_REQUEST',
  'REVIEW_REQUEST',
  'REFERRAL_REQUEST',
  'REFERRAL_INVITATION',
  'FEEDBACK_REMINDER',
  'REVIEW_REMINDER',
] as const;
export type CustomerPurpose = (typeof CUSTOMER_PURPOSES)[number];

/**
 * Messages to the vendor's own people rather than its customers (docs/contract.md#speed-to-lead): a new lead's alert and
 * its one re-alert (subject: the lead), and the code that confirms an alert contact (subject: the code's
 * row). Their producer renders them; they carry no unsubscribe link.
 */
export const VENDOR_ALERT_PURPOSES = ['LEAD_ALERT', 'LEAD_REALERT', 'LEAD_ALERT_CONFIRMATION'] as const;
export type VendorAlertPurpose = (typeof VENDOR_ALERT_PURPOSES)[number];

/** Why a text to a customer cannot leave for a phone: it texted STOP, or no number is the vendor's for it. */
export type NoTextReason = 'OPTED_OUT' | 'SENDER_POOL_FULL';

/**
 * A message the vendor wrote to the customer of a lead (docs/contract.md#lead-conversations; subject: the conversation's message).
 * Rendered by `NotificationsService.enqueueLeadMessage`: the vendor's words in the operator's frame.
 */
export const LEAD_MESSAGE_PURPOSE = 'LEAD_MESSAGE' as const;

/** Every purpose of a message to a customer: what an opt-out gives up while it waits. */
export const TO_CUSTOMER_PURPOSES = [...CUSTOMER_PURPOSES, LEAD_MESSAGE_PURPOSE] as const;

export const NOTIFICATION_PURPOSES = [...CUSTOMER_PURPOSES, ...VENDOR_ALERT_PURPOSES, LEAD_MESSAGE_PURPOSE] as const;
export type NotificationPurpose = (typeof NOTIFICATION_PURPOSES)[number];

/**
 * How a contact came to be opted out: `link` its unsubscribe page (one vendor), `sms` a STOP texted to
 * our sender, `carrier` the provider refusing a send because the recipient stopped our sender (error 21610).
 */
export const OPT_OUT_SOURCES = ['link', 'sms', 'carrier'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

/** An opt-out as a person's export shows it: from one vendor's messages, or from every vendor's texts. */
export interface OptOutRecord {
  /** The vendor and the contact; the phone alone for an opt-out from every vendor's texts. */
  id: string;
  /** Null for an opt-out from every vendor's texts. */
  vendorId: number | null;
  contact: string;
  source: OptOutSource;
  createdAt: Date;
}

/** The opt-outs of a phone from every vendor's texts, made by text (only those `START` lifts). */
export type SmsOptOutSource = Exclude<OptOutSource, 'link'>;

/**
 * PENDING: queued or being retried; SENT: accepted by the provider; FAILED: given up (a delivery that
 * failed, or one called back); SUPPRESSED: not sent, no basis of consent was in force when it was to
 * leave (docs/contract.md#consent): never a delivery, so no failure in the KPIs or the metrics.
 */
export const NOTIFICATION_STATUSES = ['PENDING', 'SENT', 'FAILED', 'SUPPRESSED'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * Why the last attempt failed, as a stable code for programs (`lastError` says it in words):
 * REFUSED: the provider refused this message for good (a rejected address, an invalid number);
 * PROVIDER_ERROR: it answered with an error worth retrying; UNREACHABLE: it could not be reached;
 * TIMEOUT: it did not answer in time; INTERRUPTED: the last attempt never reported back;
 * WITHDRAWN: the producer called the message back (the recipient unsubscribed); OPTED_OUT: the provider
 * refused because the recipient stopped the sender's texts (the phone is opted out, source `carrier`);
 * SENDER_POOL_FULL: every SMS_FROM number is another vendor's for that phone (never shared);
 * NO_CONSENT: the reason of a SUPPRESSED message (no basis of consent in force, `message.suppressed`);
 * INTERNAL: our bug.
 */
export const DELIVERY_ERROR_CODES = [
  'REFUSED',
  'OPTED_OUT',
  'PROVIDER_ERROR',
  'UNREACHABLE',
  'TIMEOUT',
  'INTERRUPTED',
  'WITHDRAWN',
  'SENDER_POOL_FULL',
  'NO_CONSENT',
  'INTERNAL',
] as const;
export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number];

export interface MergeFields {
  /** The customer's first name; an empty one reads "there" ("Hi there,"). */
  firstName: string;
  vendorName: string;
  /** The customer page of the request (`{PUBLIC_BASE_URL}/r/{token}`); http(s) only. */
  link: string;
  /** Opt-out page; also the `List-Unsubscribe` target, so it must accept a one-click POST (RFC 8058). */
  unsubscribeLink: string;
  /** A friend's invitation: the customer who referred them, as they gave their name. */
  referrerName?: string;
  /** The vendor's mailing address; null: the operator's (OPERATOR_MAILING_ADDRESS). */
  mailingAddress?: string | null;
  /** How to reach the vendor (phone, e-mail or web site); null: the operator's (OPERATOR_CONTACT). */
  contact?: string | null;
}

export interface NewNotification {
  vendorId: number;
  purpose: CustomerPurpose;
  /** The language it is written in: its process's. */
  locale: Locale;
  /** Id of the feedback/review/referral request row the message belongs to. */
  subjectId: number;
  channel: NotificationChannel;
  /** An e-mail address, or a phone number already normalized to xxx-xxx-xxxx. */
  recipient: string;
  mergeFields: MergeFields;
  /** The vendor's customEmailMessage / customSMSMessage; may use {firstName} {vendorName} {link}. */
  customMessage?: string | null;
  /** E-mail: the vendor's contact address, where the customer's reply goes. */
  replyTo?: string | null;
  /** Held back this long before it is sent (e.g. until the customer has left the page). */
  delayMs?: number;
  /** A text held for the vendor's quiet hours: when they end (`delayMs` holds it that long). */
  sendAfter?: Date | null;
  /** The reputation process the message is part of (its conversation); absent for a friend's invitation. */
  processId?: number;
  /** SMS: the vendor's own sender number (E.164); absent or null for the shared SMS_FROM. */
  smsSender?: string | null;
}

/** A vendor's message to the customer of a lead, framed by the operator's identification (docs/contract.md#language, #lead-conversations). */
export interface NewLeadMessage {
  vendorId: number;
  /** The conversation's message (`lead_messages`) the outbox row delivers. */
  subjectId: number;
  locale: Locale;
  channel: NotificationChannel;
  /** An e-mail address, or a phone number already normalized to xxx-xxx-xxxx. */
  recipient: string;
  /** What the vendor wrote. */
  body: string;
  vendor: LeadMessageVendor;
  /**
   * The page that identifies the sender (operator, vendor, address, contact) and ends the vendor's
   * messages to this customer: an e-mail's unsubscribe link, an SMS's identification link (CASL by link).
   */
  unsubscribeLink: string;
  /** Held back this long (quiet hours) before it is sent. */
  delayMs?: number;
}

/** Who writes a lead's message: named in every SMS, identified at the foot of every e-mail, answered by e-mail. */
export interface LeadMessageVendor {
  name: string;
  /** The vendor's mailing address; null: the operator's. */
  mailingAddress: string | null;
  /** How to reach the vendor; null: the operator's. */
  contact: string | null;
  /** Reply-To of the e-mails. */
  email: string | null;
  /** SMS: the vendor's own sender number (E.164); null for the shared SMS_FROM. */
  smsSender: string | null;
}

/** A message to the vendor's own people, rendered by its producer (NotificationsService.enqueueAlert). */
export interface NewVendorAlert {
  vendorId: number;
  purpose: VendorAlertPurpose;
  /** The lead the alert is about (a confirmation code: its row). */
  subjectId: number;
  channel: NotificationChannel;
  /** An e-mail address, or a phone number already normalized to xxx-xxx-xxxx. */
  recipient: string;
  /** E-mail only. */
  subject: string | null;
  text: string;
  /** E-mail only. */
  html: string | null;
}
