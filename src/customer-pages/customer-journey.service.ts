import { Injectable } from '@nestjs/common';
import type { Locale } from '../common/locale/locale';
import { DomainError } from '../common/errors/domain-error';
import { FeedbackService } from '../feedback/feedback.service';
import { type ReferralStepView, ReferralsService } from '../referrals/referrals.service';
import { ReputationEventType, ReferralChannel } from '../reputation/entities/reputation-event.entity';
import { JourneyStep } from '../reputation/entities/reputation-process.entity';
import {
  type ClosedReason,
  ReputationProcessService,
  closedReason,
  eventOf,
} from '../reputation/reputation-process.service';
import type { VendorCard } from '../reputation/vendor-card';
import { ReviewRequestsService } from '../review-requests/review-requests.service';
import { ReviewSettingsService } from '../review-settings/review-settings.service';
import type { EmailInvitationForm, FeedbackForm, TextInvitationForm } from './dto/customer-forms.dto';
import { type ReviewLink, reviewLinksOf } from './review-links';

export interface ProcessPageView extends VendorCard {
  token: string;
  /** The process's language: its pages' unless the customer picks the other. */
  locale: Locale;
  firstName: string;
  /** Why the page no longer asks anything, overriding the step. */
  closed: ClosedReason;
  step: JourneyStep;
  /** The vendor's review sites, at every step that shows them (no review gating). */
  reviewLinks: ReviewLink[];
  /** At the review-links step: what the customer wrote with their rating, offered for their review. */
  comment: string | null;
  /** At the review-links step: the customer went to a review site, so the page asks whether they posted. */
  reviewClicked: boolean;
  /** At the referral step. */
  referral: ReferralStepView | null;
}

export interface UnsubscribePageView {
  vendor: VendorCard;
  locale: Locale;
  optedOut: boolean;
}

/** The steps whose page shows the review sites: after any answer, positive or not (docs/contract.md#reputation-kpis). */
const SHOWS_REVIEW_LINKS = [JourneyStep.ReviewLinks, JourneyStep.PrivateFeedback, JourneyStep.Finished];
/** A click counts wherever the sites were shown, and from the referral step (a second review). */
const COUNTS_CLICKS = [...SHOWS_REVIEW_LINKS, JourneyStep.Referral];

/**
 * Every step of the customer's journey through the pages of their link: each answer runs on the
 * locked process, at the step the page was showing, by the module the step belongs to.
 */
@Injectable()
export class CustomerJourneyService {
  constructor(
    private readonly processes: ReputationProcessService,
    private readonly feedback: FeedbackService,
    private readonly reviewRequests: ReviewRequestsService,
    private readonly referrals: ReferralsService,
    private readonly reviewSettings: ReviewSettingsService,
  ) {}

  /** What `/r/{token}/unsubscribe` shows. */
  async processUnsubscribePage(token: string): Promise<UnsubscribePageView> {
    const process = await this.processes.findByToken(token);
    return {
      vendor: await this.processes.vendorCardOf(process),
      locale: process.locale,
      optedOut: process.optedOutAt !== null,
    };
  }

  async processPage(token: string): Promise<ProcessPageView> {
    const process = await this.processes.findByToken(token);
    const view: ProcessPageView = {
      token,
      ...(await this.processes.vendorCardOf(process)),
      locale: process.locale,
      firstName: process.firstName,
      closed: closedReason(process),
      step: process.step,
      reviewLinks: [],
      comment: null,
      reviewClicked: false,
      referral: null,
    };
    if (view.closed) return view;
    if (SHOWS_REVIEW_LINKS.includes(process.step)) view.reviewLinks = await this.reviewLinksOf(process.vendorId);
    if (process.step === JourneyStep.ReviewLinks) {
      view.comment = await this.feedback.commentOf(process);
      view.reviewClicked = await this.processes.hasEvent(process, ReputationEventType.ReviewLinkClicked);
    }
    if (process.step === JourneyStep.Referral) view.referral = await this.referrals.stepView(process);
    return view;
  }

  /** Star rating, would-refer and comment. */
  answerFeedback(token: string, { rating, wouldRefer, comment }: FeedbackForm): Promise<void> {
    return this.processes.atStep(token, JourneyStep.Feedback, (process) =>
      this.feedback.answer(process, { rating, wouldRefer: wouldRefer === 'yes', comment: comment ?? null }),
    );
  }

  /** "Are you happy with us?" */
  answerReview(token: string, happy: boolean): Promise<void> {
    return this.processes.atStep(token, JourneyStep.ReviewQuestion, (process) =>
      this.reviewRequests.answer(process, happy),
    );
  }

  /**
   * Records a click on a review link and returns where it goes. Counted at every step that shows the
   * links; null (back to the page) before the customer answered. An unknown or disabled site is a 404.
   */
  async followReviewLink(token: string, target: string): Promise<string | null> {
    const process = await this.processes.findByToken(token);
    const link = (await this.reviewLinksOf(process.vendorId)).find((candidate) => candidate.target === target);
    if (!link) throw DomainError.notFound('Review site', target);
    const counted = await this.processes.withLocked(token, async (locked) => {
      if (closedReason(locked) || !COUNTS_CLICKS.includes(locked.step)) return false;
      await this.reviewRequests.linkClicked(locked, link.platform);
      return true;
    });
    return counted ? link.url : null;
  }

  /** "I posted my review": completes the process and asks the customer to refer a friend (the message follows later). */
  confirmReview(token: string): Promise<void> {
    return this.processes.atStep(token, JourneyStep.ReviewLinks, async (process) => {
      await this.reviewRequests.confirm(process);
      await this.referrals.request(process);
    });
  }

  givePrivateFeedback(token: string, message: string): Promise<void> {
    return this.processes.atStep(token, JourneyStep.PrivateFeedback, async (process) => {
      await this.processes.update(process, { privateFeedback: message, step: JourneyStep.Finished });
      await this.processes.recordEvents([eventOf(process, ReputationEventType.PrivateFeedbackGiven)]);
    });
  }

  inviteByEmail(token: string, form: EmailInvitationForm): Promise<void> {
    const friend = { name: form.friendName ?? null, email: form.email.toLowerCase(), phone: null };
    return this.processes.atStep(token, JourneyStep.Referral, (process) =>
      this.referrals.invite(process, ReferralChannel.Email, form.referrerName, friend),
    );
  }

  inviteByText(token: string, form: TextInvitationForm): Promise<void> {
    const friend = { name: form.friendName ?? null, email: null, phone: form.phone };
    return this.processes.atStep(token, JourneyStep.Referral, (process) =>
      this.referrals.invite(process, ReferralChannel.Text, form.referrerName, friend),
    );
  }

  share(token: string, referrerName: string): Promise<void> {
    return this.processes.atStep(token, JourneyStep.Referral, (process) => this.referrals.share(process, referrerName));
  }

  optOut(token: string): Promise<void> {
    return this.processes.optOut(token);
  }

  private async reviewLinksOf(vendorId: number): Promise<ReviewLink[]> {
    return reviewLinksOf(await this.reviewSettings.getForVendor(vendorId));
  }
}
