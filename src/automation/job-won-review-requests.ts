import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AutomationSettingsValues } from '../automation-settings/automation-settings';
import { AutomationSettingsService } from '../automation-settings/automation-settings.service';
import { quietUntil } from '../automation-settings/quiet-hours';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { Clock } from '../common/time/clock';
import type { LeadView } from '../leads/entities/lead.entity';
import { type LeadListener, LeadListeners } from '../leads/lead-listeners';
import { LeadsService } from '../leads/leads.service';
import { splitCustomerName } from '../reputation/customer-name';
import { ReviewRequestsService } from '../review-requests/review-requests.service';
import { VendorsService } from '../vendors/vendors.service';
import { JobWonOutcome } from './entities/job-won-review-request.entity';
import { JobWonReviewRequestsRepository, type PendingJobWon } from './job-won-review-requests.repository';

/** Rows claimed per transaction by a pass. */
const JOB_WON_BATCH_SIZE = 100;

/**
 * The review request of a won lead (docs/contract.md#automation). Leads tells this service, in the transaction that
 * stores JOB_WON or LEAD_WON, through the `LeadListeners` port it owns; the request is created then
 * (delay 0) or by a later pass, once per lead, as `POST /review-requests?skipDuplicates=true` would.
 * Like a reminder, it is never created in the vendor's quiet hours: it waits for their end.
 */
@Injectable()
export class JobWonReviewRequests implements LeadListener, OnModuleInit {
  constructor(
    private readonly pending: JobWonReviewRequestsRepository,
    private readonly settings: AutomationSettingsService,
    private readonly leads: LeadsService,
    private readonly reviewRequests: ReviewRequestsService,
    private readonly vendors: VendorsService,
    private readonly listeners: LeadListeners,
    private readonly clock: Clock,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {}

  onModuleInit(): void {
    this.listeners.register(this);
  }

  async leadWon(lead: LeadView): Promise<void> {
    const settings = await this.settings.settingsOf(lead.vendorId);
    if (!settings.autoReviewRequestOnJobWon) return;
    const now = this.clock.now();
    const row = {
      leadId: lead.id,
      vendorId: lead.vendorId,
      dueAt: new Date(now.getTime() + settings.autoReviewRequestDelayMinutes * 60_000),
    };
    if (!(await this.pending.insertOnce(row))) return;
    if (settings.autoReviewRequestDelayMinutes === 0) await this.createOrDefer(row, lead, settings, now);
  }

  /** Creates the review requests whose delay has passed; answers how many rows were settled (not deferred). */
  async createDue(): Promise<number> {
    const now = this.clock.now();
    let settled = 0;
    for (;;) {
      const claimed = await this.txHost.withTransaction(async () => {
        const due = await this.pending.claimDue(now, JOB_WON_BATCH_SIZE);
        for (const row of due) {
          const lead = await this.leads.get(row.vendorId, row.leadId);
          if (await this.createOrDefer(row, lead, await this.settings.settingsOf(row.vendorId), now)) settled++;
        }
        return due.length;
      });
      if (claimed < JOB_WON_BATCH_SIZE) return settled;
    }
  }

  /** Created now, or deferred to the end of the vendor's quiet hours (false). */
  private async createOrDefer(
    row: PendingJobWon,
    lead: LeadView,
    settings: AutomationSettingsValues,
    now: Date,
  ): Promise<boolean> {
    const quietEnd = quietUntil(settings, now);
    if (quietEnd) {
      await this.pending.defer(row.leadId, quietEnd);
      return false;
    }
    await this.create(row, lead);
    return true;
  }

  /** The flag is read now, at creation time; the lead's customer as the lead holds them now. */
  private async create(row: PendingJobWon, lead: LeadView): Promise<void> {
    const vendor = await this.vendors.get(row.vendorId);
    let outcome = JobWonOutcome.Created;
    let requestId: number | null = null;
    if (!vendor.enableStandaloneReviewBooster) outcome = JobWonOutcome.FeatureDisabled;
    else if (!lead.customerEmail && !lead.customerPhone) outcome = JobWonOutcome.NoContact;
    else {
      const { firstName, lastName } = splitCustomerName(lead.customerName);
      const input = {
        firstName,
        lastName: lastName ?? undefined,
        email: lead.customerEmail ?? undefined,
        phone: lead.customerPhone ?? undefined,
        locale: lead.customerLocale ?? undefined,
      };
      try {
        // A savepoint: a request refused because every contact opted out leaves nothing behind.
        const created = await this.txHost.withTransaction(Propagation.Nested, () =>
          this.reviewRequests.createForLead(vendor, input, lead.id),
        );
        if (created) requestId = created.id;
        else outcome = JobWonOutcome.Duplicate;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === ErrorCode.Conflict)) throw error;
        outcome = JobWonOutcome.OptedOut;
      }
    }
    await this.pending.settle(row.leadId, outcome, requestId);
  }
}
