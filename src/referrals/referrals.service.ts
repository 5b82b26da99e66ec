import { Transactional } from '@nestjs-cls/transactional';
import { Inject, Injectable } from '@nestjs/common';
import type { MessageKey } from '../common/i18n/catalogue';
import type { Locale } from '../common/locale/locale';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { Clock } from '../common/time/clock';
import type { TimeWindow } from '../common/time/time-window';
import { type ReferralsConfig, referralsConfig } from '../config/referrals.config';
import { LeadsService } from '../leads/leads.service';
import { NotificationsService } from '../notifications/notifications.service';
import { type Contact, contactOf } from '../reputation/contact';
import { splitCustomerName } from '../reputation/customer-name';
import { ReferralChannel, ReputationEventType } from '../reputation/entities/reputation-event.entity';
import type { ReputationProcess } from '../reputation/entities/reputation-process.entity';
import { ReputationLinks, customerPaths, newLinkToken, openLink, unknownLink } from '../reputation/reputation-links';
import { ReputationProcessService, eventOf } from '../reputation/reputation-process.service';
import type { VendorCard } from '../reputation/vendor-card';
import type { Referral } from './entities/referral.entity';
import { ReferralCountsRepository } from './referral-counts.repository';
import { ReferralsRepository } from './referrals.repository';
import { type ContactRequest, referralLead } from './referral-lead';

/** Email and text invitations one customer may send; a share link is limited in the contact requests it takes a day. */
export const MAX_INVITATIONS = 5;

/** A friend is invited to a vendor at most once in this many days, by whichever customer (docs/contract.md#reputation-kpis). */
export const FRIEND_INVITATION_DAYS = 30;

/**
 * The message asking for a referral waits this long after the confirmed review: the customer is on
 * the referral page then, and is not messaged about what they can see. Given up if they refer someone.
 */
export const REFERRAL_MESSAGE_DELAY_MS = 60 * 60 * 1000;

/** A share link's contact requests are counted over the last 24 hours (a rolling day: no reset at midnight). */
const SHARE_LINK_DAY_MS = 24 * 60 * 60 * 1000;

/** A friend to invite, as the customer typed them. */
export interface Friend extends Contact {
  name: string | null;
}

/** What the referral step of the customer's page shows. */
export interface ReferralStepView {
  invited: { channel: ReferralChannel; to: string }[];
  invitationsLeft: number;
  shareLink: string | null;
}

/** The friend's page: its vendor (how the friend reaches it, who sends for it) and the invitation. */
export interface InvitationPageView extends VendorCard {
  token: string;
  /** The referrer's language, which the friend's message was written in. */
  locale: Locale;
  /** Who referred the friend: the name the customer gave (a share link made before names were asked: their first name). */
  referrerName: string;
  /** A personal invitation takes one contact request; a share link one per friend. */
  accepting: boolean;
  /** A message went to the friend (email or text), so the page offers to unsubscribe. */
  messaged: boolean;
  /** The friend's address opted out of the vendor's messages. */
  optedOut: boolean;
  /** A share link that took its contact requests of the last 24 hours: the page asks to come back later. */
  fullToday: boolean;
}

/** "Refer a friend": the customer's invitations and share link, and the friends' contact requests. */
@Injectable()
export class ReferralsService {
  constructor(
    private readonly repository: ReferralsRepository,
    private readonly processes: ReputationProcessService,
    private readonly links: ReputationLinks,
    private readonly counts: ReferralCountsRepository,
    private readonly notifications: NotificationsService,
    private readonly leads: LeadsService,
    private readonly clock: Clock,
    @Inject(referralsConfig.KEY) private readonly config: ReferralsConfig,
  ) {}

  /** After a confirmed review: the referral request, its event and the (later) message asking for a referral. */
  async request(process: ReputationProcess): Promise<void> {
    const referralRequest = await this.repository.insertRequest(process.vendorId, process.id);
    await this.processes.recordEvents([eventOf(process, ReputationEventType.ReferralRequested)]);
    await this.processes.send({
      vendorId: process.vendorId,
      purpose: 'REFERRAL_REQUEST',
      locale: process.locale,
      subjectId: referralRequest.id,
      firstName: process.firstName,
      contact: { email: process.email, phone: process.phone },
      path: customerPaths.process(process.token),
      unsubscribePath: customerPaths.processUnsubscribe(process.token),
      delayMs: REFERRAL_MESSAGE_DELAY_MS,
      processId: process.id,
    });
  }

  async stepView(process: ReputationProcess): Promise<ReferralStepView> {
    const { referrals } = await this.referralsOf(process);
    const invited = referrals.filter((r) => r.channel !== ReferralChannel.Share);
    const share = referrals.find((r) => r.channel === ReferralChannel.Share);
    return {
      invited: invited.map((r) => ({ channel: r.channel, to: (r.friendName ?? r.friendEmail ?? r.friendPhone)! })),
      invitationsLeft: Math.max(0, MAX_INVITATIONS - invited.length),
      shareLink: share ? this.links.absolute(customerPaths.invitation(share.token)) : null,
    };
  }

  /**
   * A friend invited by email or text, messaged with their own link in the customer's name: once per
   * address and customer (a second submission changes nothing), at most MAX_INVITATIONS, and never an
   * address that opted out or that this vendor invited in the last FRIEND_INVITATION_DAYS.
   */
  async invite(
    process: ReputationProcess,
    channel: ReferralChannel.Email | ReferralChannel.Text,
    referrerName: string,
    friend: Friend,
  ): Promise<void> {
    const { referralRequestId, referrals } = await this.referralsOf(process);
    const invitations = referrals.filter((r) => r.channel !== ReferralChannel.Share);
    const address = (friend.email ?? friend.phone)!;
    const field = friend.email ? 'email' : 'phone';
    // A second submission of the same invitation (a double click, a reload) changes nothing.
    if (invitations.some((r) => (r.friendEmail ?? r.friendPhone) === address)) return;
    if (invitations.length >= MAX_INVITATIONS) {
      throw DomainError.invalid(INVITATIONS_USED);
    }
    if (await this.processes.anyOptedOut(process.vendorId, [address])) {
      throw refusedFriend(field, 'page.errorFriendOptedOut');
    }
    if (await this.repository.invitedWithin(process.vendorId, address, FRIEND_INVITATION_DAYS)) {
      throw refusedFriend(field, 'page.errorFriendInvitedRecently');
    }
    const referral = await this.addReferral(process, referralRequestId, channel, referrerName, friend);
    await this.processes.send({
      vendorId: process.vendorId,
      purpose: 'REFERRAL_INVITATION',
      // The friend is written to in the language of the customer who invited them.
      locale: process.locale,
      subjectId: referral.id,
      firstName: friend.name ? splitCustomerName(friend.name).firstName : '',
      contact: { email: friend.email, phone: friend.phone },
      path: customerPaths.invitation(referral.token),
      unsubscribePath: customerPaths.invitationUnsubscribe(referral.token),
      referrerName,
    });
  }

  /** Hands out the customer's share link (the same one on every ask), which names them as they gave their name. */
  async share(process: ReputationProcess, referrerName: string): Promise<void> {
    const { referralRequestId, referrals } = await this.referralsOf(process);
    if (referrals.some((r) => r.channel === ReferralChannel.Share)) return;
    await this.addReferral(process, referralRequestId, ReferralChannel.Share, referrerName, {
      name: null,
      email: null,
      phone: null,
    });
  }

  async invitationPage(token: string): Promise<InvitationPageView> {
    const referral = openLink(await this.repository.findReferral(token, { lock: false }));
    const referrer = await this.referrerOf(referral);
    const address = referral.friendEmail ?? referral.friendPhone;
    return {
      token,
      ...(await this.processes.vendorCardOf(referral)),
      locale: referrer.locale,
      referrerName: referral.referrerName ?? referrer.firstName,
      accepting: !address || !(await this.repository.conversionExists(referral.id, null)),
      messaged: address !== null,
      optedOut: address !== null && (await this.processes.anyOptedOut(referral.vendorId, [address])),
      fullToday: await this.shareLinkFull(referral, this.clock.now()),
    };
  }

  /**
   * The referred friend's contact request: the referral converted (once per friend) and, in the same
   * transaction, the vendor's lead, in the friend's page's language (`preferred`, else the referrer's).
   * A share link takes at most REFERRAL_SHARE_LINK_DAILY_CONVERSIONS in any 24 hours; the next is refused
   * (429), nothing stored or announced. The referral's row lock makes a double submit one conversion.
   */
  @Transactional()
  async convert(token: string, request: ContactRequest, preferred: Locale | undefined): Promise<void> {
    const referral = openLink(await this.repository.findReferral(token, { lock: true }));
    const contact = contactOf(request.email, request.phone);
    // A personal invitation converts once; a share link once per friend (email or phone).
    const sameContact = referral.channel === ReferralChannel.Share ? contact : null;
    if (await this.repository.conversionExists(referral.id, sameContact)) return;
    const now = this.clock.now();
    if (await this.shareLinkFull(referral, now)) {
      throw new DomainError(ErrorCode.LimitReached, 'This share link takes no more contact requests today.');
    }
    await this.repository.insertConversion({
      createdAt: now,
      vendorId: referral.vendorId,
      referralId: referral.id,
      name: request.name,
      ...contact,
      message: request.message ?? null,
    });
    const referrer = await this.referrerOf(referral);
    const referredBy = { name: referral.referrerName ?? referrer.firstName, processId: referrer.id };
    const lead = referralLead(request, contact, preferred ?? referrer.locale, referredBy);
    await this.leads.assign(referral.vendorId, lead);
    await this.processes.recordEvents([eventOf(referrer, ReputationEventType.ReferralConverted)]);
    await this.processes.announce(referrer, 'referral.converted', {
      referralId: referral.id,
      channel: referral.channel,
    });
  }

  /** A referred friend's unsubscribe: the address their invitation went to is never messaged again. */
  @Transactional()
  async optOutInvitation(token: string): Promise<void> {
    const referral = openLink(await this.repository.findReferral(token, { lock: true }));
    const address = referral.friendEmail ?? referral.friendPhone;
    if (!address) throw unknownLink();
    await this.processes.stopMessages(referral.vendorId, [address]);
  }

  /** The referral KPIs of the window: completed by channel, and the open ones pending or failed (every message failed). */
  async kpiCounts(vendorId: number, window: TimeWindow): Promise<Record<string, number>> {
    const failedIds = await this.notifications.failedSubjects('REFERRAL_REQUEST', vendorId);
    const { open, openFailed, ...completed } = await this.counts.count(vendorId, window, failedIds);
    return { ...completed, totalReferralRequestsPending: open - openFailed, totalReferralRequestsFailed: openFailed };
  }

  /**
   * Changes whenever the referral KPIs may have: the referral requests' count of changes and the
   * outbox's count of changes to which referral messages failed (both kept by triggers).
   */
  async kpiChanges(vendorId: number): Promise<string> {
    const [changes, failures] = await Promise.all([
      this.counts.changes(vendorId),
      this.notifications.referralFailureChanges(vendorId),
    ]);
    return `${changes}:${failures}`;
  }

  /** Whether a share link took its contact requests of the 24 hours before `now`. */
  private async shareLinkFull(referral: Referral, now: Date): Promise<boolean> {
    if (referral.channel !== ReferralChannel.Share) return false;
    const since = new Date(now.getTime() - SHARE_LINK_DAY_MS);
    return (await this.repository.conversionsSince(referral.id, since)) >= this.config.shareLinkDailyConversions;
  }

  /** The process's referral request (there is one from the referral step on) and its referrals. */
  private async referralsOf(process: ReputationProcess): Promise<{ referralRequestId: number; referrals: Referral[] }> {
    const { id: referralRequestId } = (await this.repository.findRequestOfProcess(process.id))!;
    return { referralRequestId, referrals: await this.repository.referralsOf(referralRequestId) };
  }

  /** The process of the customer who referred this friend: the friend's events belong to it. */
  private async referrerOf(referral: Referral): Promise<ReputationProcess> {
    const referralRequest = (await this.repository.findRequest(referral.referralRequestId))!;
    return this.processes.findById(referralRequest.processId);
  }

  /**
   * One referral: the friend's link, its event, and the referral request completed by the first one;
   * the message asking for a referral is no longer needed.
   */
  private async addReferral(
    process: ReputationProcess,
    referralRequestId: number,
    channel: ReferralChannel,
    referrerName: string | null,
    friend: Friend,
  ): Promise<Referral> {
    const referral = await this.repository.insertReferral({
      vendorId: process.vendorId,
      referralRequestId,
      channel,
      token: newLinkToken(),
      referrerName,
      friendName: friend.name,
      friendEmail: friend.email,
      friendPhone: friend.phone,
    });
    await this.repository.completeRequest(referralRequestId, channel);
    await this.notifications.withdrawSubject(
      'REFERRAL_REQUEST',
      referralRequestId,
      'Not sent: the customer referred a friend on the page.',
    );
    await this.processes.recordEvents([eventOf(process, ReputationEventType.FriendReferred, { channel })]);
    return referral;
  }
}

// A refused invitation tells the customer's page a catalogue key, which the page says in its language.
const INVITATIONS_USED: MessageKey = 'page.invitationsUsed';

/** A refused invitation, the reason next to the field the friend's address was typed in. */
const refusedFriend = (field: 'email' | 'phone', key: MessageKey): DomainError =>
  DomainError.invalid(key, [{ field, message: key }]);
