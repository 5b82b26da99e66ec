import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../common/errors/domain-error';
import type { CallerVerifier } from '../common/http/verified-callers';
import type { Locale } from '../common/locale/locale';
import { LeadConversationsService } from '../lead-conversations/lead-conversations.service';
import { ReferralsService } from '../referrals/referrals.service';
import type { VendorCard } from '../reputation/vendor-card';
import { CustomerJourneyService } from './customer-journey.service';

/** A customer page's link in a path: its kind (`r`, `i`, `l`) and token. */
const LINK_PATH = /^\/([ril])\/([A-Za-z0-9_-]{24})(?:\/|$)/;

export interface LinkedVendor {
  vendor: VendorCard;
  locale: Locale;
}

/** Whose link a customer page's path holds: the vendor and the customer's language. */
@Injectable()
export class LinkedVendors {
  constructor(
    private readonly journey: CustomerJourneyService,
    private readonly referrals: ReferralsService,
    private readonly leadConversations: LeadConversationsService,
  ) {}

  /** Null when the path holds no link, or one that is unknown or erased. */
  async of(path: string): Promise<LinkedVendor | null> {
    const [, kind, token] = LINK_PATH.exec(path) ?? [];
    if (!token) return null;
    try {
      if (kind === 'r') return await this.journey.processUnsubscribePage(token);
      if (kind === 'i') {
        const { locale, ...vendor } = await this.referrals.invitationPage(token);
        return { vendor, locale };
      }
      return await this.leadConversations.unsubscribePage(token);
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  }
}

/**
 * An unsubscribe request whose link is ours: never refused for the per-IP limit, which mailbox
 * providers' shared servers (RFC 8058 one-click) exhaust with other people's traffic.
 */
@Injectable()
export class UnsubscribeLinks implements CallerVerifier {
  constructor(private readonly linked: LinkedVendors) {}

  async isVerified(request: Request): Promise<boolean> {
    return (await this.linked.of(request.path)) !== null;
  }
}
