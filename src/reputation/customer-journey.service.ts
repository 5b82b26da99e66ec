import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainError } from '../common/errors/domain-error';
import type {
  ContactRequestForm,
  EmailInvitationForm,
  FeedbackForm,
  TextInvitationForm,
} from './dto/customer-forms.dto';
import { splitCustomerName } from './customer-name';
import { ReferralChannel } from './entities/referral-request.entity';
import type { Referral } from './entities/referral.entity';
import { ReputationEventType } from './entities/reputation-event.entity';
import { JourneyStep, ProcessState, ReputationProcess, TerminationReason } from './entities/reputation-process.entity';
import { NotificationsService } from '../notifications/notifications.service';
import { ReviewSettingsService } from '../review-settings/review-settings.service';
import { ReputationMessages } from './reputation-messages';
import { ReputationLinks, customerPaths, newLinkToken, unknownLink } from './reputation-links';
import { Contact, NewEvent, ReputationRepository } from './reputation.repository';
import { ReviewLink, reviewLinksOf } from './review-links';

/** Email and text invitations one customer may send; share links cost nothing and are not limited. */
export const MAX_INVITATIONS = 5;

export interface ProcessPageView {
  token: string;
  vendorName: string;
  firstName: string;
  /** Why the page no longer asks anything, overriding the step. */
  closed: 'OPTED_OUT' | 'CANCELLED' | null;
  step: JourneyStep;
  /** At the review-links step. */
  reviewLinks: ReviewLink[];
  /** At the referral step. */
  referral: {
    invited: { channel: ReferralChannel; to: string }[];
    invitationsLeft: number;
    shareLink: string | null;
  } | null;
}

export interface InvitationPageView {
  token: string;
  vendorName: string;
  referrerFirstName: string;
  /** A personal invitation takes one contact request; a share link one per friend. */
  accepting: boolean;
  /** A message went to the friend (email or text), so the page offers to unsubscribe. */
  messaged: boolean;
  /** The friend's address opted out of the vendor's messages. */
  optedOut: boolean;
}

/** Every step of the customer's journey through the pages of their link. */
@Injectable()
export class CustomerJourneyService {
  constructor(
    private readonly repository: ReputationRepository,
    private readonly messages: ReputationMessages,
    private readonly reviewSettings: ReviewSettingsService,
    private readonly links: ReputationLinks,
    private readonly notifications: NotificationsService,
  ) {}

  /** What `/r/{token}/unsubscribe` shows. */
  async processUnsubscribePage(token: string): Promise<{ vendorName: string; optedOut: boolean }> {
    const process = await this.findProcess(token);
    return { vendorName: await this.repository.vendorName(process.vendorId), optedOut: process.optedOutAt !== null };
  }

  async processPage(token: string): Promise<ProcessPageView> {
    const process = await this.findProcess(token);
    const view: ProcessPageView = {
      token,
      vendorName: await this.repository.vendorName(process.vendorId),
      firstName: process.firstName,
      closed: closedReason(process),
      step: process.step,
      reviewLinks: [],
      referral: null,
    };
    if (view.closed) return view;
    if (process.step === JourneyStep.ReviewLinks) {
      view.reviewLinks = reviewLinksOf(await this.reviewSettings.getForVendor(process.vendorId));
    }
    if (process.step === JourneyStep.Referral) {
      const referralRequest = (await this.repository.findReferralRequest(process.id))!;
      const referrals = await this.repository.referralsOf(referralRequest.id);
      const invited = referrals.filter((r) => r.channel !== ReferralChannel.Share);
      const share = referrals.find((r) => r.channel === ReferralChannel.Share);
      view.referral = {
        invited: invited.map((r) => ({ channel: r.channel, to: (r.friendName ?? r.friendEmail ?? r.friendPhone)! })),
        invitationsLeft: Math.max(0, MAX_INVITATIONS - invited.length),
        shareLink: share ? this.links.absolute(customerPaths.invitation(share.token)) : null,
      };
    }
    return view;
  }

  /** Star rating, would-refer and comment. 4-5 stars lead to the review step; 1-3 complete the process. */
  answerFeedback(token: string, form: FeedbackForm): Promise<void> {
    return this.atStep(token, JourneyStep.Feedback, async (manager, process) => {
      const { rating, comment } = form;
      const wouldRefer = form.wouldRefer === 'yes';
      await this.repository.answerFeedback(manager, process.id, { rating, wouldRefer, comment: comment ?? null });
      const events = [event(process, ReputationEventType.FeedbackAnswered, { rating, wouldRefer })];
      if (rating >= 4) {
        // The review step follows on the same page: a review request, not messaged again.
        const request = (await this.repository.feedbackRequestOf(manager, process.id))!;
        await this.repository.insertReviewRequest(manager, {
          vendorId: process.vendorId,
          processId: process.id,
          firstName: process.firstName,
          lastName: splitCustomerName(request.customerName).lastName,
          email: process.email,
          phone: process.phone,
        });
        events.push(event(process, ReputationEventType.ReviewRequested));
        await this.repository.updateProcess(manager, process.id, { step: JourneyStep.ReviewQuestion });
      } else {
        await this.complete(manager, process, comment ? JourneyStep.Finished : JourneyStep.PrivateFeedback);
      }
      await this.repository.insertEvents(manager, events);
    });
  }

  /** "Are you happy with us?": yes shows the review links; no asks for private feedback and completes. */
  answerReview(token: string, happy: boolean): Promise<void> {
    return this.atStep(token, JourneyStep.ReviewQuestion, async (manager, process) => {
      await this.repository.answerReview(manager, process.id, happy);
      if (happy) await this.repository.updateProcess(manager, process.id, { step: JourneyStep.ReviewLinks });
      else await this.complete(manager, process, JourneyStep.PrivateFeedback);
      const type = happy ? ReputationEventType.ReviewYes : ReputationEventType.ReviewNo;
      await this.repository.insertEvents(manager, [event(process, type)]);
    });
  }

  /**
   * Records a click on a review link and returns where it goes. Counted whenever the customer has said
   * yes (the links were shown); null (back to the page) otherwise. An unknown or disabled site is a 404.
   */
  async followReviewLink(token: string, target: string): Promise<string | null> {
    const process = await this.findProcess(token);
    const link = reviewLinksOf(await this.reviewSettings.getForVendor(process.vendorId)).find(
      (candidate) => candidate.target === target,
    );
    if (!link) throw DomainError.notFound('Review site', target);
    const counted = await this.repository.transaction(async (manager) => {
      const locked = (await this.repository.lockProcess(manager, token))!;
      if (closedReason(locked) || ![JourneyStep.ReviewLinks, JourneyStep.Referral].includes(locked.step)) return false;
      await this.repository.insertEvents(manager, [
        event(locked, ReputationEventType.ReviewLinkClicked, { platform: link.platform }),
      ]);
      return true;
    });
    return counted ? link.url : null;
  }

  /** "I posted my review": completes the process and asks the customer to refer a friend. */
  confirmReview(token: string): Promise<void> {
    return this.atStep(token, JourneyStep.ReviewLinks, async (manager, process) => {
      await this.repository.confirmReview(manager, process.id);
      await this.complete(manager, process, JourneyStep.Referral);
      const referralRequest = await this.repository.insertReferralRequest(manager, process.vendorId, process.id);
      await this.repository.insertEvents(manager, [
        event(process, ReputationEventType.ReviewConfirmed),
        event(process, ReputationEventType.ReferralRequested),
      ]);
      await this.messages.queue(manager, {
        vendorId: process.vendorId,
        vendorName: await this.repository.vendorName(process.vendorId, manager),
        purpose: 'REFERRAL_REQUEST',
        subjectId: referralRequest.id,
        firstName: process.firstName,
        contact: { email: process.email, phone: process.phone },
        path: customerPaths.process(process.token),
        unsubscribePath: customerPaths.processUnsubscribe(process.token),
      });
    });
  }

  givePrivateFeedback(token: string, message: string): Promise<void> {
    return this.atStep(token, JourneyStep.PrivateFeedback, async (manager, process) => {
      await this.repository.updateProcess(manager, process.id, {
        privateFeedback: message,
        step: JourneyStep.Finished,
      });
      await this.repository.insertEvents(manager, [event(process, ReputationEventType.PrivateFeedbackGiven)]);
    });
  }

  inviteByEmail(token: string, form: EmailInvitationForm): Promise<void> {
    const email = form.email.toLowerCase();
    return this.invite(token, ReferralChannel.Email, form.friendName ?? null, { email, phone: null });
  }

  inviteByText(token: string, form: TextInvitationForm): Promise<void> {
    return this.invite(token, ReferralChannel.Text, form.friendName ?? null, { email: null, phone: form.phone });
  }

  /** Hands out the customer's share link (the same one on every ask). */
  share(token: string): Promise<void> {
    return this.atStep(token, JourneyStep.Referral, async (manager, process) => {
      const referralRequest = (await this.repository.findReferralRequest(process.id, manager))!;
      const referrals = await this.repository.referralsOf(referralRequest.id, manager);
      if (referrals.some((r) => r.channel === ReferralChannel.Share)) return;
      await this.addReferral(manager, process, referralRequest.id, ReferralChannel.Share, null, {
        email: null,
        phone: null,
      });
    });
  }

  /** The customer's unsubscribe: their email and phone are never messaged again by this vendor. */
  optOut(token: string): Promise<void> {
    return this.withProcess(token, async (manager, process) => {
      if (closedReason(process)) return;
      const contacts = [process.email, process.phone].filter((c): c is string => c !== null);
      await this.stopMessages(manager, process.vendorId, contacts);
      await this.repository.updateProcess(
        manager,
        process.id,
        process.state === ProcessState.InProgress
          ? {
              optedOut: true,
              state: ProcessState.Terminated,
              terminationReason: TerminationReason.OptedOut,
              ended: true,
            }
          : { optedOut: true },
      );
      await this.repository.insertEvents(manager, [event(process, ReputationEventType.OptedOut)]);
    });
  }

  async invitationPage(token: string): Promise<InvitationPageView> {
    const context = await this.repository.findReferral(token);
    if (!context) throw unknownLink();
    const { referral } = context;
    const address = referral.friendEmail ?? referral.friendPhone;
    return {
      token,
      vendorName: context.vendorName,
      referrerFirstName: context.referrerFirstName,
      accepting: !address || !(await this.repository.conversionExists(referral.id, null)),
      messaged: address !== null,
      optedOut: address !== null && (await this.repository.optedOut(referral.vendorId, [address])).size > 0,
    };
  }

  /** The referred friend's contact request: the referral converted (once per friend). */
  convert(token: string, form: ContactRequestForm): Promise<void> {
    return this.repository.transaction(async (manager) => {
      const context = await this.repository.lockReferral(manager, token);
      if (!context) throw unknownLink();
      const { referral } = context;
      const contact: Contact = { email: form.email?.toLowerCase() ?? null, phone: form.phone ?? null };
      // A personal invitation converts once; a share link once per friend (email or phone).
      const sameContact = referral.channel === ReferralChannel.Share ? contact : null;
      if (await this.repository.conversionExists(referral.id, sameContact, manager)) return;
      await this.repository.insertConversion(manager, {
        vendorId: referral.vendorId,
        referralId: referral.id,
        name: form.name,
        ...contact,
        message: form.message ?? null,
      });
      await this.repository.insertEvents(manager, [
        { vendorId: referral.vendorId, processId: context.processId, type: ReputationEventType.ReferralConverted },
      ]);
    });
  }

  /** A referred friend's unsubscribe: the address their invitation went to is never messaged again. */
  optOutInvitation(token: string): Promise<void> {
    return this.repository.transaction(async (manager) => {
      const context = await this.repository.lockReferral(manager, token);
      const contact = context?.referral.friendEmail ?? context?.referral.friendPhone;
      if (!context || !contact) throw unknownLink();
      await this.stopMessages(manager, context.referral.vendorId, [contact]);
    });
  }

  private invite(token: string, channel: ReferralChannel, friendName: string | null, friend: Contact): Promise<void> {
    return this.atStep(token, JourneyStep.Referral, async (manager, process) => {
      const referralRequest = (await this.repository.findReferralRequest(process.id, manager))!;
      const invitations = (await this.repository.referralsOf(referralRequest.id, manager)).filter(
        (r) => r.channel !== ReferralChannel.Share,
      );
      const address = (friend.email ?? friend.phone)!;
      // A second submission of the same invitation (a double click, a reload) changes nothing.
      if (invitations.some((r) => (r.friendEmail ?? r.friendPhone) === address)) return;
      if (invitations.length >= MAX_INVITATIONS) {
        throw DomainError.invalid(`You have already invited ${MAX_INVITATIONS} friends. Thank you!`);
      }
      if ((await this.repository.optedOut(process.vendorId, [address], manager)).size > 0) {
        throw DomainError.invalid('We cannot send an invitation to this address. Please choose another friend.');
      }
      const referral = await this.addReferral(manager, process, referralRequest.id, channel, friendName, friend);
      await this.messages.queue(manager, {
        vendorId: process.vendorId,
        vendorName: await this.repository.vendorName(process.vendorId, manager),
        purpose: 'REFERRAL_INVITATION',
        subjectId: referral.id,
        firstName: friendName ? splitCustomerName(friendName).firstName : '',
        contact: friend,
        path: customerPaths.invitation(referral.token),
        unsubscribePath: customerPaths.invitationUnsubscribe(referral.token),
      });
    });
  }

  /** One referral: the friend's link, its event, and the referral request completed by the first one. */
  private async addReferral(
    manager: EntityManager,
    process: ReputationProcess,
    referralRequestId: number,
    channel: ReferralChannel,
    friendName: string | null,
    friend: Contact,
  ): Promise<Referral> {
    const referral = await this.repository.insertReferral(manager, {
      vendorId: process.vendorId,
      referralRequestId,
      channel,
      token: newLinkToken(),
      friendName,
      friendEmail: friend.email,
      friendPhone: friend.phone,
    });
    await this.repository.completeReferralRequest(manager, referralRequestId, channel);
    await this.repository.insertEvents(manager, [event(process, ReputationEventType.FriendReferred, { channel })]);
    return referral;
  }

  /** The contacts join the vendor's opt-out list, and their messages still waiting are given up. */
  private async stopMessages(manager: EntityManager, vendorId: number, contacts: string[]): Promise<void> {
    await this.repository.optOut(manager, vendorId, contacts);
    await this.notifications.withdraw(manager, vendorId, contacts, 'Not sent: the recipient unsubscribed.');
  }

  /** Completed by this answer; the page moves on to `next`. */
  private complete(manager: EntityManager, process: ReputationProcess, next: JourneyStep): Promise<void> {
    return this.repository.updateProcess(manager, process.id, {
      state: ProcessState.Completed,
      ended: true,
      step: next,
    });
  }

  /**
   * Runs a page action on the locked process if it is at the expected step and still open. Anything
   * else (a second submission, a back-button form, an unsubscribed customer) changes nothing: the
   * page the customer is sent back to shows where things stand.
   */
  private atStep(
    token: string,
    step: JourneyStep,
    action: (manager: EntityManager, process: ReputationProcess) => Promise<void>,
  ): Promise<void> {
    return this.withProcess(token, async (manager, process) => {
      if (process.step === step && !closedReason(process)) await action(manager, process);
    });
  }

  private withProcess(
    token: string,
    action: (manager: EntityManager, process: ReputationProcess) => Promise<void>,
  ): Promise<void> {
    return this.repository.transaction(async (manager) => {
      const process = await this.repository.lockProcess(manager, token);
      if (!process) throw unknownLink();
      await action(manager, process);
    });
  }

  private async findProcess(token: string): Promise<ReputationProcess> {
    const process = await this.repository.findProcess(token);
    if (!process) throw unknownLink();
    return process;
  }
}

function closedReason(process: ReputationProcess): ProcessPageView['closed'] {
  if (process.optedOutAt) return 'OPTED_OUT';
  if (process.terminationReason === TerminationReason.CancelledByVendor) return 'CANCELLED';
  return null;
}

function event(
  process: ReputationProcess,
  type: ReputationEventType,
  details: Omit<NewEvent, 'vendorId' | 'processId' | 'type'> = {},
): NewEvent {
  return { vendorId: process.vendorId, processId: process.id, type, ...details };
}
