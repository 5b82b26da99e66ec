import { EventsService } from '../events/events.service';
import { ReviewRequestResponse } from './dto/review-request.response';
import { Transactional } from '@nestjs-cls/transactional';
import { Injectable } from '@nestjs/common';
import type { Locale } from '../common/locale/locale';
import { ConsentService, type StatedConsent } from '../consent/consent.service';
import { contactOf } from '../reputation/contact';
import { ReputationEventType, ReviewPlatform } from '../reputation/entities/reputation-event.entity';
import { JourneyStep, ProcessOrigin, type ReputationProcess } from '../reputation/entities/reputation-process.entity';
import {
  type ProcessStart,
  ReputationProcessService,
  type StartedProcess,
  eventOf,
} from '../reputation/reputation-process.service';
import { ReviewSettingsService } from '../review-settings/review-settings.service';
import type { ReviewRequest } from './entities/review-request.entity';
import { ReviewRequestsRepository } from './review-requests.repository';
import { noteTouched } from '../common/privacy/touched-records';

export interface ReviewRequestInput {
  firstName: string;
  lastName?: string;
  email?: string;
  phone?: string;
  /** The customer's language; unset: the vendor's default. */
  locale?: Locale;
  /** What the vendor states on a request of its own: the basis of consent (docs/contract.md#consent). */
  consent?: StatedConsent;
}

export type CreatedReviewRequest = StartedProcess<ReviewRequest>;

/** Review requests: the vendor's standalone ones, and the review step a positive feedback answer leads to. */
@Injectable()
export class ReviewRequestsService {
  constructor(
    private readonly repository: ReviewRequestsRepository,
    private readonly processes: ReputationProcessService,
    private readonly reviewSettings: ReviewSettingsService,
    private readonly events: EventsService,
    private readonly consents: ConsentService,
  ) {}

  /**
   * One transaction: the duplicate check (serialized per vendor), the process, the request, its event
   * and the messages, sent with the vendor's custom texts. Null when a duplicate was skipped.
   */
  @Transactional()
  async create(
    vendor: ProcessStart['vendor'],
    input: ReviewRequestInput,
    skipDuplicates: boolean,
    leadId: number | null = null,
  ): Promise<CreatedReviewRequest | null> {
    const contact = contactOf(input.email, input.phone);
    if (skipDuplicates && (await this.repository.duplicateExists(vendor.id, contact))) return null;
    // The vendor's own request states its basis, written with the request; the automation's (a won
    // lead) has the purchase already.
    const stated =
      leadId === null
        ? await this.consents.statedOnRequest(vendor.id, contact, input.consent, {
            kind: 'REVIEW_REQUEST',
            locale: input.locale,
          })
        : null;
    const started = await this.processes.start(
      {
        origin: ProcessOrigin.ReviewRequest,
        vendor,
        contact,
        firstName: input.firstName,
        requestedLocale: input.locale,
        customMessagesIn: (locale) => this.reviewSettings.customMessagesIn(vendor.id, locale),
      },
      (process) =>
        this.repository.insert(
          {
            vendorId: vendor.id,
            processId: process.id,
            firstName: input.firstName,
            lastName: input.lastName || null,
            ...contact,
            leadId,
          },
          stated,
        ),
    );
    // The event shows the request as the API answers it (its messages as just queued).
    const view = ReviewRequestResponse.from(started.request, started.process.state, started.messages);
    noteTouched('reviewRequests', started.request.id);
    await this.events.record(vendor.id, 'review_request.created', view);
    return started;
  }

  /**
   * The automation's review request for a won lead (docs/contract.md#automation): as `POST /review-requests?skipDuplicates=true`,
   * in the caller's transaction, recording the lead. Null when a duplicate was skipped; a 409 DomainError
   * (nothing stored) when every contact opted out.
   */
  async createForLead(
    vendor: ProcessStart['vendor'],
    input: ReviewRequestInput,
    leadId: number,
  ): Promise<ReviewRequest | null> {
    return (await this.create(vendor, input, true, leadId))?.request ?? null;
  }

  /**
   * The review step after a feedback answer, on the same page, not messaged again: after 4-5 stars the
   * review sites (not "are you happy?" again: the rating said it); after 1-3 `next` is the private
   * feedback step with the sites below it (no review gating, docs/contract.md#reputation-kpis).
   */
  async offerAfterFeedback(process: ReputationProcess, lastName: string | null, next: JourneyStep): Promise<void> {
    const { vendorId, firstName, email, phone } = process;
    await this.repository.insert({ vendorId, processId: process.id, firstName, lastName, email, phone });
    await this.processes.recordEvents([eventOf(process, ReputationEventType.ReviewRequested)]);
    if (next === JourneyStep.ReviewLinks) await this.processes.update(process, { step: next });
    else await this.processes.complete(process, next);
  }

  /**
   * "Are you happy with us?": yes shows the review links; no asks for private feedback first (the links
   * follow below it) and completes.
   */
  async answer(process: ReputationProcess, happy: boolean): Promise<void> {
    await this.repository.answer(process.id, happy);
    if (happy) await this.processes.update(process, { step: JourneyStep.ReviewLinks });
    else await this.processes.complete(process, JourneyStep.PrivateFeedback);
    const type = happy ? ReputationEventType.ReviewYes : ReputationEventType.ReviewNo;
    await this.processes.recordEvents([eventOf(process, type)]);
  }

  /** "I posted my review": completes the process; the referral step follows. */
  async confirm(process: ReputationProcess): Promise<void> {
    const requestId = await this.repository.confirm(process.id);
    await this.processes.complete(process, JourneyStep.Referral);
    await this.processes.recordEvents([eventOf(process, ReputationEventType.ReviewConfirmed)]);
    await this.processes.announce(process, 'review.completed', { requestId });
  }

  /** A click on one of the review links the customer was shown. */
  async linkClicked(process: ReputationProcess, platform: ReviewPlatform): Promise<void> {
    await this.processes.recordEvents([eventOf(process, ReputationEventType.ReviewLinkClicked, { platform })]);
    const requestId = await this.repository.idByProcess(process.id);
    await this.processes.announce(process, 'review.link_clicked', { requestId, platform });
  }
}
