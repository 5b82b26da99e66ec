import { EventsService } from '../events/events.service';
import { FeedbackRequestResponse } from './dto/feedback-request.response';
import { Transactional } from '@nestjs-cls/transactional';
import { Injectable } from '@nestjs/common';
import type { Locale } from '../common/locale/locale';
import type { PageRequest } from '../common/pagination/page';
import type { TimeWindow } from '../common/time/time-window';
import type { OutboxNotification } from '../notifications/entities/outbox-notification.entity';
import { NotificationsService } from '../notifications/notifications.service';
import { ConsentService, type StatedConsent } from '../consent/consent.service';
import { contactOf } from '../reputation/contact';
import { splitCustomerName } from '../reputation/customer-name';
import { ReputationEventType } from '../reputation/entities/reputation-event.entity';
import { JourneyStep, ProcessOrigin, type ReputationProcess } from '../reputation/entities/reputation-process.entity';
import {
  type ProcessStart,
  ReputationProcessService,
  type StartedProcess,
  eventOf,
} from '../reputation/reputation-process.service';
import { ReviewRequestsService } from '../review-requests/review-requests.service';
import type { FeedbackRequest } from './entities/feedback-request.entity';
import { FeedbackCountsRepository } from './feedback-counts.repository';
import { FeedbackRequestsRepository } from './feedback-requests.repository';
import type { FeedbackRequestWithProcess } from './feedback.sql';
import { noteTouched } from '../common/privacy/touched-records';

export interface FeedbackRequestInput {
  customerName: string;
  email?: string;
  phone?: string;
  /** The customer's language; unset: the vendor's default. */
  locale?: Locale;
  /** What the vendor states on a request of its own: the basis of consent (docs/contract.md#consent). */
  consent?: StatedConsent;
}

export interface FeedbackAnswer {
  rating: number;
  wouldRefer: boolean;
  comment: string | null;
}

export type CreatedFeedbackRequest = StartedProcess<FeedbackRequest>;

/** A feedback request as the vendor's list shows it: with its process and its messages. */
export type ListedFeedbackRequest = FeedbackRequestWithProcess & { messages: OutboxNotification[] };

/** Feedback requests: created by the vendor, answered on the customer's page. */
@Injectable()
export class FeedbackService {
  constructor(
    private readonly repository: FeedbackRequestsRepository,
    private readonly processes: ReputationProcessService,
    private readonly reviewRequests: ReviewRequestsService,
    private readonly notifications: NotificationsService,
    private readonly counts: FeedbackCountsRepository,
    private readonly events: EventsService,
    private readonly consents: ConsentService,
  ) {}

  /** One transaction, like a review request's; null when a duplicate was skipped. */
  @Transactional()
  async create(
    vendor: ProcessStart['vendor'],
    input: FeedbackRequestInput,
    skipDuplicates: boolean,
  ): Promise<CreatedFeedbackRequest | null> {
    const contact = contactOf(input.email, input.phone);
    if (skipDuplicates && (await this.repository.duplicateExists(vendor.id, contact))) return null;
    await this.consents.stateOnRequest(vendor.id, contact, input.consent, {
      kind: 'FEEDBACK_REQUEST',
      locale: input.locale,
    });
    const started = await this.processes.start(
      {
        origin: ProcessOrigin.FeedbackRequest,
        vendor,
        contact,
        firstName: splitCustomerName(input.customerName).firstName,
        requestedLocale: input.locale,
      },
      (process) =>
        this.repository.insert({
          vendorId: vendor.id,
          processId: process.id,
          customerName: input.customerName,
          ...contact,
        }),
    );
    // The event shows the request as the API answers it (its messages as just queued).
    const view = FeedbackRequestResponse.from(started.request, started.process, started.messages);
    noteTouched('feedbackRequests', started.request.id);
    await this.events.record(vendor.id, 'feedback_request.created', view);
    return started;
  }

  /** The vendor's feedback requests, newest first, with their process and message deliveries. */
  async list(vendorId: number, request: PageRequest): Promise<{ rows: ListedFeedbackRequest[]; total: number }> {
    const [rows, total] = await Promise.all([this.repository.page(vendorId, request), this.repository.count(vendorId)]);
    const messages = await this.notifications.messagesOf(
      'FEEDBACK_REQUEST',
      rows.map((row) => row.id),
    );
    return { rows: rows.map((row) => Object.assign(row, { messages: messages.get(row.id)! })), total };
  }

  /** Whether the vendor has a feedback request with this email or phone. */
  exists(vendorId: number, email?: string, phone?: string): Promise<boolean> {
    return this.repository.exists(vendorId, contactOf(email, phone));
  }

  /** The feedback KPI of the window. */
  kpiCounts(vendorId: number, window: TimeWindow): Promise<{ incompleteFeedbackRequests: number }> {
    return this.counts.count(vendorId, window);
  }

  /** Changes whenever the feedback KPI may have (a count kept by triggers). */
  kpiChanges(vendorId: number): Promise<string> {
    return this.counts.changes(vendorId);
  }

  /** What the customer wrote with their rating (offered back to them for their review); null when nothing. */
  async commentOf(process: ReputationProcess): Promise<string | null> {
    return (await this.repository.findByProcess(process.id))?.comment ?? null;
  }

  /**
   * The customer's stars: 4-5 lead to the review sites; 1-3 complete the process and ask for private
   * feedback (unless the comment said it), the review sites below.
   */
  async answer(process: ReputationProcess, answer: FeedbackAnswer): Promise<void> {
    await this.repository.answer(process.id, answer);
    const { rating, wouldRefer } = answer;
    await this.processes.recordEvents([eventOf(process, ReputationEventType.FeedbackAnswered, { rating, wouldRefer })]);
    const request = (await this.repository.findByProcess(process.id))!;
    await this.processes.announce(process, 'feedback.received', {
      requestId: request.id,
      rating,
      wouldRefer,
      comment: answer.comment,
    });
    const next =
      rating >= 4 ? JourneyStep.ReviewLinks : answer.comment ? JourneyStep.Finished : JourneyStep.PrivateFeedback;
    await this.reviewRequests.offerAfterFeedback(process, splitCustomerName(request.customerName).lastName, next);
  }
}
