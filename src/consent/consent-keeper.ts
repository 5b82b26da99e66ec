import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { LeadView } from '../leads/entities/lead.entity';
import { type LeadListener, LeadListeners } from '../leads/lead-listeners';
import type { NotificationPurpose } from '../notifications/notification.types';
import { NotificationsService } from '../notifications/notifications.service';
import {
  type ConsentKeeper,
  type LeavingMessage,
  SendingConsent,
  type SendingVerdict,
  type WithdrawalSource,
} from '../notifications/sending-consent';
import { contactOf } from '../reputation/contact';
import type { ConsentExemption } from './consent-basis';
import { ConsentService } from './consent.service';

/**
 * What each kind of message needs (CASL s. 6): a commercial message to a customer needs a basis in
 * force; a lead's conversation (a quote the person asked for, s. 6(6)) and a referral's first
 * invitation (which names the referrer) are exempt from consent, not from identification and
 * unsubscribe; a vendor's alert to its own people, and the code confirming where they go, need none.
 */
const NEEDS: Record<NotificationPurpose, 'consent' | ConsentExemption | null> = {
  FEEDBACK_REQUEST: 'consent',
  FEEDBACK_REMINDER: 'consent',
  REVIEW_REQUEST: 'consent',
  REVIEW_REMINDER: 'consent',
  REFERRAL_REQUEST: 'consent',
  REFERRAL_INVITATION: 'REFERRAL_FIRST_MESSAGE',
  LEAD_MESSAGE: 'QUOTE_REQUESTED',
  LEAD_ALERT: null,
  LEAD_REALERT: null,
  LEAD_ALERT_CONFIRMATION: null,
};

/**
 * The ledger's part in what happens elsewhere, through the ports of the modules below: leads tells it
 * of inquiries and purchases; the outbox asks it before each message leaves, and tells it of the
 * withdrawals (an unsubscribe link: the vendor; a STOP: every vendor).
 */
@Injectable()
export class ConsentKeeperService implements ConsentKeeper, LeadListener, OnModuleInit {
  constructor(
    private readonly consents: ConsentService,
    private readonly leads: LeadListeners,
    private readonly sending: SendingConsent,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit(): void {
    this.leads.register(this);
    this.sending.register(this);
  }

  /** An inquiry: 6 months from the lead's assignment (CASL s. 10(10)(d)). */
  async leadAssigned(lead: LeadView): Promise<void> {
    await this.consents.fromLead(lead.vendorId, contactOf(lead.customerEmail, lead.customerPhone), 'INQUIRY', lead.id);
  }

  /** A purchase: 2 years from the moment the lead was won (CASL s. 10(10)(a)). */
  async leadWon(lead: LeadView): Promise<void> {
    await this.consents.fromLead(lead.vendorId, contactOf(lead.customerEmail, lead.customerPhone), 'PURCHASE', lead.id);
  }

  async verdictsFor(messages: readonly LeavingMessage[]): Promise<SendingVerdict[]> {
    const withoutCheck = await Promise.all(messages.map((message) => this.withoutCheck(message)));
    const checked = messages.filter((_, i) => withoutCheck[i] === undefined);
    const verdicts = (
      await this.consents.verdicts(checked.map(({ vendorId, recipient }) => ({ vendorId, contact: recipient })))
    ).map((verdict): SendingVerdict =>
      'basis' in verdict ? { basis: `${verdict.basis.kind}#${verdict.basis.id}` } : { refused: verdict.refused },
    );
    return withoutCheck.map((verdict) => verdict ?? verdicts.shift()!);
  }

  /** The verdict of a message that needs no basis or leaves under its exemption; undefined: it needs the check. */
  private async withoutCheck(message: LeavingMessage): Promise<SendingVerdict | undefined> {
    const needs = NEEDS[message.purpose];
    if (needs === null) return { basis: null };
    if (needs !== 'consent' && !(await this.exemptionSpent(message, needs))) return { basis: `EXEMPT:${needs}` };
    return undefined;
  }

  /**
   * A quote asked for is exempt each time; a referral's invitation only as the vendor's first message to
   * the friend: any later one, an invitation from another referrer included, needs a basis (one more
   * read, for invitations alone).
   */
  private async exemptionSpent(message: LeavingMessage, exemption: ConsentExemption): Promise<boolean> {
    return (
      exemption === 'REFERRAL_FIRST_MESSAGE' && (await this.notifications.exemptionUsed(message, `EXEMPT:${exemption}`))
    );
  }

  async withdrawn(vendorId: number | null, recipients: string[], source: WithdrawalSource): Promise<void> {
    await this.consents.withdraw(vendorId, recipients, source);
  }
}
