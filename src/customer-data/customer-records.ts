import { Injectable } from '@nestjs/common';
import type { CustomerContact, ErasedValues } from '../common/privacy/customer-contact';
import { EventCustomerRecords, type EventRecord } from '../events/event-customer-records';
import { type FeedbackRequestRecord, FeedbackCustomerRecords } from '../feedback/feedback-customer-records';
import { LeadCustomerRecords, type LeadRecord } from '../leads/lead-customer-records';
import { type MessageRecord, NotificationCustomerRecords } from '../notifications/notification-customer-records';
import {
  type ConversionRecord,
  ReferralCustomerRecords,
  type ReferralRecord,
  type ReferralRequestRecord,
} from '../referrals/referral-customer-records';
import { addressesOf } from '../reputation/contact';
import type { InboundSmsRecord } from '../sms-inbound/inbound-sms.repository';
import { InboundSmsCustomerRecords } from '../sms-inbound/inbound-sms-customer-records';
import {
  type OptOutRecord,
  ProcessCustomerRecords,
  type ProcessEventRecord,
  type ProcessRecord,
} from '../reputation/process-customer-records';
import {
  ReviewRequestCustomerRecords,
  type ReviewRequestRecord,
} from '../review-requests/review-request-customer-records';

/** Everything held about one person, each part read by the module that owns it. */
export interface CustomerRecords {
  leads: LeadRecord[];
  processes: ProcessRecord[];
  steps: ProcessEventRecord[];
  feedbackRequests: FeedbackRequestRecord[];
  reviewRequests: ReviewRequestRecord[];
  referralRequests: ReferralRequestRecord[];
  referralsMade: ReferralRecord[];
  referralsReceived: ReferralRecord[];
  conversions: ConversionRecord[];
  optOuts: OptOutRecord[];
  messages: MessageRecord[];
  /** What the person's phone texted to a sender number, and the replies stored on their processes. */
  texts: InboundSmsRecord[];
  events: (EventRecord & { data: object })[];
}

const ids = <T extends { id: number | string }>(rows: T[]): number[] => rows.map((row) => Number(row.id));

/** Reads a person's records through each owning module's service (no table of theirs is read here). */
@Injectable()
export class CustomerRecordsReader {
  constructor(
    private readonly leads: LeadCustomerRecords,
    private readonly processes: ProcessCustomerRecords,
    private readonly feedback: FeedbackCustomerRecords,
    private readonly reviews: ReviewRequestCustomerRecords,
    private readonly referrals: ReferralCustomerRecords,
    private readonly notifications: NotificationCustomerRecords,
    private readonly events: EventCustomerRecords,
    private readonly texts: InboundSmsCustomerRecords,
  ) {}

  async read(contact: CustomerContact): Promise<CustomerRecords> {
    const leads = await this.leads.find(contact);
    const processes = await this.processes.processes(contact);
    const processIds = ids(processes);
    const feedbackRequests = await this.feedback.ofProcesses(processIds);
    const reviewRequests = await this.reviews.ofProcesses(processIds);
    const referralRequests = await this.referrals.requestsOf(processIds);
    const referralsMade = await this.referrals.referralsOf(ids(referralRequests));
    const messages = await this.notifications.find(addressesOf(contact), {
      FEEDBACK_REQUEST: ids(feedbackRequests),
      FEEDBACK_REMINDER: ids(feedbackRequests),
      REVIEW_REQUEST: ids(reviewRequests),
      REVIEW_REMINDER: ids(reviewRequests),
      REFERRAL_REQUEST: ids(referralRequests),
      REFERRAL_INVITATION: ids(referralsMade),
      // A lead's alerts go to the vendor's people, but quote the start of the customer's job description.
      LEAD_ALERT: ids(leads),
      LEAD_REALERT: ids(leads),
    });
    return {
      leads,
      processes,
      steps: await this.processes.events(processIds),
      feedbackRequests,
      reviewRequests,
      referralRequests,
      referralsMade,
      referralsReceived: await this.referrals.asFriend(contact),
      conversions: await this.referrals.conversionsBy(contact),
      optOuts: await this.processes.optOuts(contact),
      messages,
      texts: await this.texts.find(contact.phone, processIds),
      events: await this.events.find(ids(leads), processIds),
    };
  }
}

const present = (values: (string | null)[]): ErasedValues => [
  ...new Set(values.filter((value): value is string => !!value)),
];

/** The customer's values of these leads, which their events' payloads may quote. */
export const leadValues = (leads: LeadRecord[]): ErasedValues =>
  present(
    leads.flatMap((l) => [
      l.customerName,
      l.customerEmail,
      l.customerPhone,
      l.customerAddress,
      l.projectDetailsHtml,
      l.originalJobDescription,
    ]),
  );

/** The person's values that must be redacted wherever a copy of them was kept (event payloads, answers). */
export function erasedValuesOf(contact: CustomerContact, records: CustomerRecords): ErasedValues {
  const values: (string | null)[] = [
    ...addressesOf(contact),
    ...leadValues(records.leads),
    ...records.processes.flatMap((p) => [p.firstName, p.privateFeedback]),
    ...records.feedbackRequests.flatMap((f) => [f.customerName, f.comment]),
    ...records.reviewRequests.flatMap((r) => [r.firstName, r.lastName]),
    ...records.referralsMade.map((r) => r.referrerName),
    ...records.referralsReceived.map((r) => r.friendName),
    ...records.conversions.flatMap((c) => [c.name, c.message]),
    // A reply's words are quoted by its `message.received` event.
    ...records.texts.flatMap((t) => [t.body, t.sender]),
  ];
  return present(values);
}
