import { Transactional } from '@nestjs-cls/transactional';
import { Injectable } from '@nestjs/common';
import type { CustomerContact } from '../common/privacy/customer-contact';
import { EventCustomerRecords } from '../events/event-customer-records';
import { FeedbackCustomerRecords } from '../feedback/feedback-customer-records';
import { KeptAnswerRedaction } from '../idempotency/kept-answer-redaction';
import { LeadCustomerRecords } from '../leads/lead-customer-records';
import { NotificationCustomerRecords } from '../notifications/notification-customer-records';
import { ReferralCustomerRecords } from '../referrals/referral-customer-records';
import { addressesOf } from '../reputation/contact';
import { ContactSuppressions } from '../reputation/contact-suppressions';
import { ProcessCustomerRecords } from '../reputation/process-customer-records';
import { ReviewRequestCustomerRecords } from '../review-requests/review-request-customer-records';
import { InboundSmsCustomerRecords } from '../sms-inbound/inbound-sms-customer-records';
import { type CustomerRecords, CustomerRecordsReader, erasedValuesOf } from './customer-records';
import type { CustomerDataErasureResponse } from './dto/customer-data-erasure.response';

/** How many records of each kind an erasure changed: the kinds are named and documented once, in the answer's DTO. */
export type ErasureCounts = Record<keyof CustomerDataErasureResponse, number>;

/**
 * A person's rights over the data held about them (docs/contract.md#data-rights), across vendors: everything held
 * about an e-mail or phone, and its erasure. Each module answers for its own tables.
 */
@Injectable()
export class CustomerDataService {
  constructor(
    private readonly reader: CustomerRecordsReader,
    private readonly suppressions: ContactSuppressions,
    private readonly leads: LeadCustomerRecords,
    private readonly processes: ProcessCustomerRecords,
    private readonly feedback: FeedbackCustomerRecords,
    private readonly reviews: ReviewRequestCustomerRecords,
    private readonly referrals: ReferralCustomerRecords,
    private readonly notifications: NotificationCustomerRecords,
    private readonly events: EventCustomerRecords,
    private readonly keptAnswers: KeptAnswerRedaction,
    private readonly texts: InboundSmsCustomerRecords,
  ) {}

  /** What the audit log names instead of the contact: its keyed hash (the e-mail's when both are given). */
  contactHash(contact: CustomerContact): string {
    return this.suppressions.hashOf(addressesOf(contact)[0]);
  }

  export(contact: CustomerContact): Promise<CustomerRecords> {
    return this.reader.read(contact);
  }

  /**
   * One transaction: the person's names, contacts, addresses, comments and message bodies removed
   * everywhere, their links closed (410), their contacts suppressed; complete or not done. A second
   * call finds nothing left to erase.
   */
  @Transactional()
  async erase(contact: CustomerContact): Promise<ErasureCounts> {
    const records = await this.reader.read(contact);
    const values = erasedValuesOf(contact, records);
    const processIds = records.processes.map((process) => Number(process.id));
    const processes = await this.processes.erase(contact, processIds);
    const referrals = await this.referrals.erase(
      [...records.referralsMade, ...records.referralsReceived].map((referral) => Number(referral.id)),
      records.conversions.map((conversion) => Number(conversion.id)),
    );
    const redacted = await this.events.redact(records.events, values);
    return {
      leads: await this.leads.erase(records.leads.map((lead) => Number(lead.id))),
      reputationProcesses: processes.processes,
      feedbackRequests: await this.feedback.erase(processIds),
      reviewRequests: await this.reviews.erase(processIds),
      referrals: referrals.referrals,
      referralConversions: referrals.conversions,
      messages: await this.notifications.erase(records.messages.map((message) => Number(message.id))),
      inboundMessages: await this.texts.erase(records.texts.map((text) => Number(text.id))),
      optOuts: processes.optOuts,
      events: redacted.events,
      webhookDeliveries: redacted.webhookDeliveries,
      webhookDeliveriesAlreadySent: redacted.webhookDeliveriesAlreadySent,
      idempotentAnswers: await this.keptAnswers.redact(addressesOf(contact), values),
    };
  }
}
