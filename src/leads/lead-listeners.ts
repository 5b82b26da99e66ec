import { Injectable } from '@nestjs/common';
import { type LeadView, PostLeadStatus } from './entities/lead.entity';

/** The post-lead statuses that mean the vendor got the job. */
export const WON_STATUSES: ReadonlySet<PostLeadStatus> = new Set([PostLeadStatus.JobWon, PostLeadStatus.LeadWon]);

/**
 * Something above leads that acts on what happens to a lead (the lead alerts, the automation's review
 * request). Each call runs in the transaction that stored the change.
 */
export interface LeadListener {
  /** A lead was assigned to its vendor. */
  leadAssigned?(lead: LeadView): Promise<void>;
  /** A won status was set on an accepted lead (every time one is set). */
  leadWon?(lead: LeadView): Promise<void>;
}

/**
 * The port through which leads tells the modules above it what happened to a lead, without importing
 * them: they register here when they start (leads stays below them).
 */
@Injectable()
export class LeadListeners {
  private readonly listeners: LeadListener[] = [];

  register(listener: LeadListener): void {
    this.listeners.push(listener);
  }

  async notify(moment: keyof LeadListener, lead: LeadView): Promise<void> {
    for (const listener of this.listeners) await listener[moment]?.(lead);
  }
}
