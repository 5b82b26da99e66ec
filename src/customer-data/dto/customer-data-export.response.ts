import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT32_ID, INT64_ID } from '../../common/validation/canonical-int.decorator';
import { OPT_OUT_SOURCES, type OptOutSource } from '../../notifications/notification.types';
import type { CustomerRecords } from '../customer-records';
import { ExportedLeadMessage } from './exported-lead-message.response';
import { ExportedMessage } from './exported-message.response';
import { ExportedRecipient } from './exported-recipient.response';
import { ExportedReferredRequest } from './exported-referred-request.response';

const iso = (date: Date | string | null): string | null => (date === null ? null : new Date(date).toISOString());

export class ExportedLead {
  @ApiInteger(INT64_ID) id: number;
  @ApiInteger(INT32_ID) vendorId: number;
  /** @example "2026-11-21T20:01:02.123Z" */
  dateCreated: string;
  category: string;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  customerAddress: string | null;
  projectDetailsHtml: string;
  originalJobDescription: string;
  /** @example "ACCEPT" */
  vendorLeadAction: string;
  postLeadStatus: string | null;
  /** Why the vendor declined the lead, as it wrote it. */
  declineReason: string | null;
  /** The conversation on the lead, both ways, oldest first. */
  @ApiProperty({ type: [ExportedLeadMessage] })
  messages: ExportedLeadMessage[];
}

/** A request of a process (feedback or review) and what the customer answered. */
export class ExportedRequest {
  @ApiInteger(INT64_ID) id: number;
  /** @example "FEEDBACK" */
  @ApiProperty({ enum: ['FEEDBACK', 'REVIEW'] })
  kind: 'FEEDBACK' | 'REVIEW';
  /** As the request named the customer. @example "Jane Doe" */
  name: string;
  email: string | null;
  phone: string | null;
  createdAt: string;
  answeredAt: string | null;
  /** Feedback: 1..5 stars. */
  rating: number | null;
  wouldRefer: boolean | null;
  comment: string | null;
  /** Review: the answer to "are you happy with us?". */
  happy: boolean | null;
  /** Review: when the customer confirmed posting it. */
  confirmedAt: string | null;
}

/** One step of the journey: an answer, a click on a review link, a referral. */
export class ExportedStep {
  @ApiInteger(INT64_ID) id: number;
  /** @example "REVIEW_LINK_CLICKED" */
  type: string;
  at: string;
  rating: number | null;
  wouldRefer: boolean | null;
  /** @example "GOOGLE" */
  platform: string | null;
  /** @example "EMAIL" */
  channel: string | null;
}

/** A friend the customer referred, or (in `referrals`) a referral that invited this person. */
export class ExportedReferral {
  @ApiInteger(INT64_ID) id: number;
  @ApiInteger(INT32_ID) vendorId: number;
  /** @example "EMAIL" */
  channel: string;
  friendName: string | null;
  friendEmail: string | null;
  friendPhone: string | null;
  createdAt: string;
}

export class ExportedProcess {
  @ApiInteger(INT64_ID) id: number;
  @ApiInteger(INT32_ID) vendorId: number;
  /** @example "FEEDBACK_REQUEST" */
  origin: string;
  /** @example "COMPLETED" */
  state: string;
  firstName: string;
  email: string | null;
  phone: string | null;
  privateFeedback: string | null;
  startedAt: string;
  endedAt: string | null;
  optedOutAt: string | null;
  @ApiProperty({ type: [ExportedRequest] })
  requests: ExportedRequest[];
  @ApiProperty({ type: [ExportedStep] })
  steps: ExportedStep[];
  @ApiProperty({ type: [ExportedReferral] })
  referrals: ExportedReferral[];
}

/** A contact request this person sent from a friend's referral page. */
export class ExportedContactRequest {
  @ApiInteger(INT64_ID) id: number;
  @ApiInteger(INT32_ID) vendorId: number;
  name: string;
  email: string | null;
  phone: string | null;
  message: string | null;
  createdAt: string;
}

export class ExportedOptOut {
  /** Null for an opt-out from every vendor's texts (a STOP texted, or the provider's). */
  @ApiInteger(INT32_ID) vendorId: number | null;
  contact: string;
  @ApiProperty({ enum: OPT_OUT_SOURCES, example: 'link' })
  source: OptOutSource;
  createdAt: string;
}

export class ExportedEvent {
  /** @example "evt_981" */
  id: string;
  /** @example "lead.assigned" */
  type: string;
  time: string;
}

/** Everything held about one e-mail or phone, across vendors, by kind. */
export class CustomerDataExportResponse {
  @ApiProperty({ type: [ExportedLead] })
  leads: ExportedLead[];
  @ApiProperty({ type: [ExportedProcess] })
  reputationProcesses: ExportedProcess[];
  /** Referrals that invited this person, and the contact requests they sent from them. */
  @ApiProperty({ type: [ExportedReferral] })
  referrals: ExportedReferral[];
  @ApiProperty({ type: [ExportedContactRequest] })
  contactRequests: ExportedContactRequest[];
  /** Contact requests of friends the person referred whose words name the person (the friends' details withheld). */
  @ApiProperty({ type: [ExportedReferredRequest] })
  referredRequests: ExportedReferredRequest[];
  @ApiProperty({ type: [ExportedMessage] })
  messages: ExportedMessage[];
  @ApiProperty({ type: [ExportedOptOut] })
  optOuts: ExportedOptOut[];
  @ApiProperty({ type: [ExportedEvent] })
  events: ExportedEvent[];
  @ApiProperty({ type: [ExportedRecipient] })
  recipients: ExportedRecipient[];

  static from(records: CustomerRecords): CustomerDataExportResponse {
    const referral = (r: CustomerRecords['referralsMade'][number]): ExportedReferral => ({
      id: Number(r.id),
      vendorId: r.vendorId,
      channel: r.channel,
      friendName: r.friendName,
      friendEmail: r.friendEmail,
      friendPhone: r.friendPhone,
      createdAt: iso(r.createdAt)!,
    });
    const requestIdsOf = new Map(records.referralRequests.map((request) => [Number(request.id), request.processId]));
    return {
      leads: records.leads.map((lead) => ({
        ...lead,
        id: Number(lead.id),
        dateCreated: iso(lead.dateCreated)!,
        messages: records.leadMessages
          .filter((message) => Number(message.leadId) === Number(lead.id))
          .map((message) => ExportedLeadMessage.from(message)),
      })),
      reputationProcesses: records.processes.map((process) => ({
        id: Number(process.id),
        vendorId: process.vendorId,
        origin: process.origin,
        state: process.state,
        firstName: process.firstName,
        email: process.email,
        phone: process.phone,
        privateFeedback: process.privateFeedback,
        startedAt: iso(process.startedAt)!,
        endedAt: iso(process.endedAt),
        optedOutAt: iso(process.optedOutAt),
        requests: [
          ...records.feedbackRequests
            .filter((f) => Number(f.processId) === Number(process.id))
            .map((f) => ({
              id: Number(f.id),
              kind: 'FEEDBACK' as const,
              name: f.customerName,
              email: f.email,
              phone: f.phone,
              createdAt: iso(f.createdAt)!,
              answeredAt: iso(f.answeredAt),
              rating: f.rating,
              wouldRefer: f.wouldRefer,
              comment: f.comment,
              happy: null,
              confirmedAt: null,
            })),
          ...records.reviewRequests
            .filter((r) => Number(r.processId) === Number(process.id))
            .map((r) => ({
              id: Number(r.id),
              kind: 'REVIEW' as const,
              name: [r.firstName, r.lastName].filter(Boolean).join(' '),
              email: r.email,
              phone: r.phone,
              createdAt: iso(r.createdAt)!,
              answeredAt: iso(r.answeredAt),
              rating: null,
              wouldRefer: null,
              comment: null,
              happy: r.happy,
              confirmedAt: iso(r.confirmedAt),
            })),
        ],
        steps: records.steps
          .filter((step) => Number(step.processId) === Number(process.id))
          .map((step) => ({
            id: Number(step.id),
            type: step.type,
            at: iso(step.occurredAt)!,
            rating: step.rating,
            wouldRefer: step.wouldRefer,
            platform: step.platform,
            channel: step.channel,
          })),
        referrals: records.referralsMade
          .filter((r) => Number(requestIdsOf.get(Number(r.referralRequestId))) === Number(process.id))
          .map(referral),
      })),
      referrals: records.referralsReceived.map(referral),
      contactRequests: records.conversions.map((c) => ({
        id: Number(c.id),
        vendorId: c.vendorId,
        name: c.name,
        email: c.email,
        phone: c.phone,
        message: c.message,
        createdAt: iso(c.createdAt)!,
      })),
      referredRequests: records.referredConversions.map((conversion) => ExportedReferredRequest.from(conversion)),
      messages: [
        ...records.messages.map((m) => ({
          id: Number(m.id),
          vendorId: m.vendorId,
          direction: 'outbound' as const,
          channel: m.channel,
          to: m.recipient,
          from: null,
          subject: m.subject,
          body: m.text,
          status: m.status,
          createdAt: iso(m.createdAt)!,
          sentAt: iso(m.sentAt),
          lastError: m.lastError,
        })),
        ...records.texts.map((t) => ({
          id: Number(t.id),
          vendorId: t.vendorId,
          direction: 'inbound' as const,
          channel: 'SMS',
          to: t.recipient,
          from: t.sender,
          subject: null,
          body: t.body,
          status: 'RECEIVED',
          createdAt: iso(t.receivedAt)!,
          sentAt: null,
          lastError: null,
        })),
      ],
      optOuts: records.optOuts.map((o) => ({
        vendorId: o.vendorId,
        contact: o.contact,
        source: o.source,
        createdAt: iso(o.createdAt)!,
      })),
      events: records.events.map((e) => ({ id: `evt_${e.id}`, type: e.type, time: iso(e.occurredAt)! })),
      recipients: records.recipients.map((recipient) => ExportedRecipient.from(recipient)),
    };
  }
}
