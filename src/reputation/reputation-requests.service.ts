import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { WithMessage } from '../common/envelope/envelope';
import { Page, PageRequest, pageOf } from '../common/pagination/page';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import type { Vendor } from '../vendors/entities/vendor.entity';
import { ReputationEventType } from './entities/reputation-event.entity';
import {
  JourneyStep,
  ProcessOrigin,
  ProcessState,
  ReputationProcess,
  TerminationReason,
} from './entities/reputation-process.entity';
import { splitCustomerName } from './customer-name';
import { CreateFeedbackRequestDto } from './dto/create-feedback-request.dto';
import { CreateReviewRequestDto } from './dto/create-review-request.dto';
import { FeedbackRequestResponse } from './dto/feedback-request.response';
import { ReputationProcessResponse } from './dto/reputation-process.response';
import { ReviewRequestResponse } from './dto/review-request.response';
import { NotificationsService } from '../notifications/notifications.service';
import { ReviewSettingsService } from '../review-settings/review-settings.service';
import { MessageToCustomer, QueuedMessages, ReputationMessages } from './reputation-messages';
import { ReputationLinks, customerPaths, newLinkToken } from './reputation-links';
import { Contact, ReputationRepository, RequestKind } from './reputation.repository';

/** A create call's outcome: the stored request, or nothing because a duplicate was skipped. */
export type CreateOutcome<T> = { created: true; result: WithMessage<T> } | { created: false; result: WithMessage };

const contactOf = (email: string | undefined, phone: string | undefined): Contact => ({
  email: email?.toLowerCase() ?? null,
  phone: phone ?? null,
});

interface ProcessStart {
  kind: RequestKind;
  vendor: Vendor;
  contact: Contact;
  firstName: string;
  skipDuplicates: boolean;
  /** The vendor's custom texts of the review settings (review requests only). */
  customMessages?: MessageToCustomer['customMessages'];
}

const KIND_NAMES: Record<RequestKind, string> = { review: 'review request', feedback: 'feedback request' };

/** What the vendor API does with review and feedback requests and their processes. */
@Injectable()
export class ReputationRequestsService {
  constructor(
    private readonly repository: ReputationRepository,
    private readonly messages: ReputationMessages,
    private readonly notifications: NotificationsService,
    private readonly reviewSettings: ReviewSettingsService,
    private readonly links: ReputationLinks,
  ) {}

  async createReviewRequest(
    vendor: Vendor,
    body: CreateReviewRequestDto,
    skipDuplicates: boolean,
  ): Promise<CreateOutcome<ReviewRequestResponse>> {
    const settings = await this.reviewSettings.getForVendor(vendor.id);
    const started = await this.startProcess(
      {
        kind: 'review',
        vendor,
        contact: contactOf(body.emailTo, body.phone),
        firstName: body.firstName,
        skipDuplicates,
        customMessages: { email: settings.customEmailMessage, sms: settings.customSMSMessage },
      },
      (manager, process) =>
        this.repository.insertReviewRequest(manager, {
          vendorId: vendor.id,
          processId: process.id,
          firstName: body.firstName,
          lastName: body.lastName || null,
          email: process.email,
          phone: process.phone,
        }),
    );
    if (!started) return { created: false, result: duplicateSkipped('review') };
    const { request, process, queued } = started;
    const deliveries = await this.notifications.deliveryStatuses('REVIEW_REQUEST', [request.id]);
    const data = ReviewRequestResponse.from(request, process.state, deliveries.get(request.id)!);
    return { created: true, result: new WithMessage(createdMessage('review', queued), data) };
  }

  async createFeedbackRequest(
    vendor: Vendor,
    body: CreateFeedbackRequestDto,
    skipDuplicates: boolean,
  ): Promise<CreateOutcome<FeedbackRequestResponse>> {
    const started = await this.startProcess(
      {
        kind: 'feedback',
        vendor,
        contact: contactOf(body.email, body.phone),
        firstName: splitCustomerName(body.customerName).firstName,
        skipDuplicates,
      },
      (manager, process) =>
        this.repository.insertFeedbackRequest(manager, {
          vendorId: vendor.id,
          processId: process.id,
          customerName: body.customerName,
          email: process.email,
          phone: process.phone,
        }),
    );
    if (!started) return { created: false, result: duplicateSkipped('feedback') };
    const { request, process, queued } = started;
    const deliveries = await this.notifications.deliveryStatuses('FEEDBACK_REQUEST', [request.id]);
    const data = FeedbackRequestResponse.from(request, process, deliveries.get(request.id)!);
    return { created: true, result: new WithMessage(createdMessage('feedback', queued), data) };
  }

  /**
   * One transaction: the duplicate check (serialized per vendor), the process, its request (written by
   * `insertRequest`), the request event and the messages, to each contact that has not opted out. Null
   * when a duplicate was skipped; a 409 (and nothing stored) when every contact opted out.
   */
  private startProcess<R extends { id: number }>(
    { kind, vendor, contact, firstName, skipDuplicates, customMessages }: ProcessStart,
    insertRequest: (manager: EntityManager, process: ReputationProcess) => Promise<R>,
  ): Promise<{ request: R; process: ReputationProcess; queued: QueuedMessages } | null> {
    return this.repository.transaction(async (manager) => {
      if (skipDuplicates) {
        await this.repository.lockDuplicateCheck(manager, kind, vendor.id);
        if (await this.repository.requestExists(kind, vendor.id, contact, manager)) return null;
      }
      const process = await this.repository.insertProcess(manager, {
        vendorId: vendor.id,
        token: newLinkToken(),
        origin: kind === 'review' ? ProcessOrigin.ReviewRequest : ProcessOrigin.FeedbackRequest,
        step: kind === 'review' ? JourneyStep.ReviewQuestion : JourneyStep.Feedback,
        firstName,
        ...contact,
      });
      const request = await insertRequest(manager, process);
      const queued = await this.messages.queue(manager, {
        vendorId: vendor.id,
        vendorName: vendor.vendorName,
        purpose: kind === 'review' ? 'REVIEW_REQUEST' : 'FEEDBACK_REQUEST',
        subjectId: request.id,
        firstName,
        contact,
        path: customerPaths.process(process.token),
        unsubscribePath: customerPaths.processUnsubscribe(process.token),
        customMessages,
      });
      if (queued.channels.length === 0) {
        // Rolls the whole transaction back: nothing is stored for a customer who cannot be asked.
        throw new DomainError(
          ErrorCode.Conflict,
          `The customer opted out of messages from ${vendor.vendorName}: no ${KIND_NAMES[kind]} was created or sent.`,
        );
      }
      const type = kind === 'review' ? ReputationEventType.ReviewRequested : ReputationEventType.FeedbackRequested;
      await this.repository.insertEvents(manager, [{ vendorId: vendor.id, processId: process.id, type }]);
      return { request, process, queued };
    });
  }

  /** The vendor's feedback requests, newest first, with their process state and message deliveries. */
  async listFeedbackRequests(vendorId: number, request: PageRequest): Promise<Page<FeedbackRequestResponse>> {
    const [rows, totalElements] = await Promise.all([
      this.repository.feedbackRequestsPage(vendorId, request),
      this.repository.countFeedbackRequests(vendorId),
    ]);
    const ids = rows.map((row) => row.id);
    const deliveries = await this.notifications.deliveryStatuses('FEEDBACK_REQUEST', ids);
    const content = rows.map((row) => FeedbackRequestResponse.from(row, row.process, deliveries.get(row.id)!));
    return pageOf(content, request, totalElements);
  }

  /** The absolute link of a process's customer pages, as its messages carry it (the CLI's demo prints it). */
  async customerLinkOf(processId: number): Promise<string> {
    const process = await this.repository.findProcessById(processId);
    if (!process) throw DomainError.notFound('Reputation process', processId);
    return this.links.absolute(customerPaths.process(process.token));
  }

  /** Whether the vendor has a feedback request with this email or phone. */
  feedbackRequestExists(vendorId: number, email?: string, phone?: string): Promise<boolean> {
    return this.repository.requestExists('feedback', vendorId, contactOf(email, phone));
  }

  /** The vendor stops a process in progress: its page says so and it is never messaged again. */
  async cancelProcess(vendorId: number, processId: number): Promise<ReputationProcessResponse> {
    return this.repository.transaction(async (manager) => {
      const process = await this.repository.lockProcessOfVendor(manager, vendorId, processId);
      if (!process) throw DomainError.notFound('Reputation process', processId);
      if (process.state !== ProcessState.InProgress) {
        throw new DomainError(
          ErrorCode.InvalidTransition,
          `Reputation process ${processId} is ${process.state.toLowerCase().replace('_', ' ')}; only a process in progress can be cancelled.`,
        );
      }
      await this.repository.updateProcess(manager, process.id, {
        state: ProcessState.Terminated,
        terminationReason: TerminationReason.CancelledByVendor,
        ended: true,
      });
      await this.repository.insertEvents(manager, [
        { vendorId, processId, type: ReputationEventType.CancelledByVendor },
      ]);
      return ReputationProcessResponse.from((await this.repository.findProcessById(processId, manager))!);
    });
  }
}

function duplicateSkipped(kind: RequestKind): WithMessage {
  return new WithMessage(
    `A duplicate ${KIND_NAMES[kind]} was detected and skipped: one with the same email or phone already exists. Nothing was sent.`,
  );
}

const CHANNEL_NAMES = { EMAIL: 'email', SMS: 'text message' } as const;

function createdMessage(kind: RequestKind, queued: QueuedMessages): string {
  const channels = queued.channels.map((channel) => CHANNEL_NAMES[channel]).join(' and ');
  const sentence = `The ${KIND_NAMES[kind]} was created and is being sent to the customer by ${channels}.`;
  if (queued.optedOut.length === 0) return sentence;
  const skipped = queued.optedOut
    .map((kindOfContact) => (kindOfContact === 'email' ? 'email address' : 'phone number'))
    .join(' and ');
  return `${sentence} The customer's ${skipped} opted out of your messages, so nothing is sent there.`;
}
