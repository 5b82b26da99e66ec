import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { Inject, Injectable } from '@nestjs/common';
import { LeadsConfig, leadsConfig } from '../config/leads.config';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { Clock } from '../common/time/clock';
import { Page, PageRequest } from '../common/pagination/page';
import { EventsService } from '../events/events.service';
import type { RecordedEventType } from '../events/event-types';
import { VendorsService } from '../vendors/vendors.service';
import { LeadResponse } from './dto/lead.response';
import { LeadAction, LeadFilter, LeadView, PostLeadStatus } from './entities/lead.entity';
import { LeadListeners, WON_STATUSES } from './lead-listeners';
import { type LeadResponseTimes, type ResponseTimesWindow, responseTimesWindow } from './lead-response-times';
import { LeadResponseTimesMemo, type RememberedResponseTimes } from './lead-response-times-memo';
import { LeadFilterCounts, LeadsRepository, NewLead } from './leads.repository';
import { noteTouched } from '../common/privacy/touched-records';
import { LeadMetrics } from './lead-metrics';
import type { LeadsWaiting } from './leads-waiting.sql';

/** Overdue leads expired per statement by the job: short row locks, bounded WAL per transaction. */
const EXPIRY_BATCH_SIZE = 1000;

@Injectable()
export class LeadsService {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly vendors: VendorsService,
    private readonly events: EventsService,
    private readonly txHost: TransactionHost,
    @Inject(leadsConfig.KEY) private readonly config: LeadsConfig,
    private readonly listeners: LeadListeners,
    private readonly clock: Clock,
    private readonly responseTimesMemo: LeadResponseTimesMemo,
    private readonly metrics: LeadMetrics,
  ) {}

  list(vendorId: number, filter: LeadFilter, page: PageRequest): Promise<Page<LeadView>> {
    return this.leads.list(vendorId, filter, page);
  }

  filterCounts(vendorId: number): Promise<LeadFilterCounts> {
    return this.leads.filterCounts(vendorId);
  }

  /**
   * How fast the vendor answers (docs/contract.md#speed-to-lead) over the window `from`..`to` (the last 90 days by
   * default); an unknown vendor is a 404 (the manager's route), a bad window a 400. Answered from the
   * memo while the figures there are still exact (see `LeadResponseTimesMemo`).
   */
  async responseTimes(vendorId: number, from?: string, to?: string): Promise<LeadResponseTimes> {
    const now = this.clock.now();
    const window = responseTimesWindow(from, to, now);
    // The vendor's existence (a 404 otherwise) and its count of changes, side by side.
    const [, timingChanges] = await Promise.all([this.vendors.get(vendorId), this.leads.timingChanges(vendorId)]);
    return this.responseTimesMemo.figures(vendorId, window, timingChanges, now, () =>
      this.computeResponseTimes(vendorId, window, timingChanges, now),
    );
  }

  private async computeResponseTimes(
    vendorId: number,
    window: ResponseTimesWindow,
    timingChanges: string,
    now: Date,
  ): Promise<RememberedResponseTimes> {
    const [figures, validUntil] = await Promise.all([
      this.leads.responseTimes(vendorId, window, now),
      this.leads.responseTimesValidUntil(vendorId, window, now),
    ]);
    return { value: figures, stamp: timingChanges, computedAt: now, validUntil };
  }

  /** The lead, marked as viewed by the vendor (`lead.viewed` the first time). */
  async view(vendorId: number, id: number): Promise<LeadView> {
    const viewed = await this.txHost.withTransaction(async () =>
      this.recorded('lead.viewed', await this.leads.markViewed(vendorId, id)),
    );
    return viewed ?? (await this.get(vendorId, id));
  }

  @Transactional()
  async accept(vendorId: number, id: number): Promise<LeadView> {
    return (
      this.decided(
        await this.recorded('lead.accepted', await this.leads.decide(vendorId, id, LeadAction.Accept, null)),
      ) ?? this.refuse(await this.get(vendorId, id), 'accepted')
    );
  }

  @Transactional()
  async decline(vendorId: number, id: number, reason: string): Promise<LeadView> {
    return (
      this.decided(
        await this.recorded('lead.declined', await this.leads.decide(vendorId, id, LeadAction.Decline, reason)),
      ) ?? this.refuse(await this.get(vendorId, id), 'declined')
    );
  }

  /** One transaction: the status, its event, and what the modules above do when the lead is won (docs/contract.md#automation). */
  @Transactional()
  async setPostLeadStatus(vendorId: number, id: number, status: PostLeadStatus): Promise<LeadView> {
    const updated = await this.recorded(
      'lead.status_changed',
      await this.leads.setPostLeadStatus(vendorId, id, status),
    );
    if (updated && WON_STATUSES.has(status)) await this.listeners.notify('leadWon', updated);
    if (updated) return updated;
    const lead = await this.get(vendorId, id);
    throw new DomainError(
      ErrorCode.InvalidTransition,
      `Lead ${id} is not accepted (${this.describe(lead)}); only an accepted lead takes a post-lead status.`,
    );
  }

  /** In the caller's transaction: the vendor wrote to the lead's customer (its first message counts, docs/contract.md#lead-conversations). */
  markMessaged(vendorId: number, id: number): Promise<void> {
    return this.leads.markMessaged(vendorId, id);
  }

  /** The operator's team assigns a lead to a vendor; the modules above hear of it in the same transaction (the alerts). */
  @Transactional()
  async assign(vendorId: number, lead: NewLead): Promise<LeadView> {
    await this.vendors.get(vendorId);
    const assigned = (await this.recorded('lead.assigned', await this.leads.insert(vendorId, lead)))!;
    await this.listeners.notify('leadAssigned', assigned);
    return assigned;
  }

  /** Stores EXPIRED on every lead past its time, batch by batch, each with its `lead.expired` event; answers how many. */
  async expireOverdue(): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await this.txHost.withTransaction(async () => {
        const leads = await this.leads.expireOverdue(EXPIRY_BATCH_SIZE);
        for (const lead of leads) await this.recorded('lead.expired', lead);
        return leads.length;
      });
      total += expired;
      if (expired < EXPIRY_BATCH_SIZE) return total;
    }
  }

  /**
   * Records the lead's event, in the caller's transaction, as the vendor API shows the lead, and notes the
   * lead as touched (a kept answer that shows it is erased with it); answers the lead.
   */
  /** Every vendor's leads waiting for a first action, for the metrics scrape. */
  waitingForFirstAction(): Promise<LeadsWaiting> {
    return this.leads.waitingForFirstAction();
  }

  /** The vendor's first action on a lead, timed from its assignment. */
  private decided(lead: LeadView | undefined): LeadView | undefined {
    if (lead) this.metrics.decided(lead.dateCreated, this.clock.now());
    return lead;
  }

  private async recorded(type: RecordedEventType, lead: LeadView | undefined): Promise<LeadView | undefined> {
    if (!lead) return lead;
    noteTouched('leads', lead.id);
    await this.events.record(lead.vendorId, type, LeadResponse.from(lead));
    return lead;
  }

  /** The vendor's lead; another vendor's lead is a 404. */
  async get(vendorId: number, id: number): Promise<LeadView> {
    const lead = await this.leads.findOne(vendorId, id);
    // Another vendor's lead is as unknown as one that does not exist.
    if (!lead) throw DomainError.notFound('Lead', id);
    return lead;
  }

  /** Why a decision was refused: the lead was no longer pending when the conditional update ran. */
  private refuse(lead: LeadView, attempted: 'accepted' | 'declined'): never {
    throw new DomainError(
      ErrorCode.InvalidTransition,
      `Lead ${lead.id} cannot be ${attempted}: ${this.describe(lead)}.`,
    );
  }

  private describe(lead: LeadView): string {
    switch (lead.vendorLeadAction) {
      case LeadAction.Accept:
        return 'it was already accepted';
      case LeadAction.Decline:
        return 'it was declined';
      case LeadAction.Expired:
        return `it expired, not accepted or declined within ${this.config.expiryHours} hours`;
      case LeadAction.None:
        return 'it is still waiting to be accepted or declined';
    }
  }
}
