import { Injectable } from '@nestjs/common';
import { type LeadView, PostLeadStatus } from './entities/lead.entity';

/** The post-lead statuses that mean the vendor got the job. */
export const WON_STATUSES: ReadonlySet<PostLeadStatus> = new Set([PostLeadStatus.JobWon, PostLeadStatus.LeadWon]);

/** Something above leads that acts when a lead is won (the automation's review request). */
export interface LeadWonListener {
  /** Called in the transaction that stores the status, every time a won status is set. */
  leadWon(lead: LeadView): Promise<void>;
}

/**
 * The port through which leads tells the modules above it that a lead was won, without importing
 * them: they register here when they start (leads stays below the reputation modules).
 */
@Injectable()
export class LeadWonListeners {
  private readonly listeners: LeadWonListener[] = [];

  register(listener: LeadWonListener): void {
    this.listeners.push(listener);
  }

  async notify(lead: LeadView): Promise<void> {
    for (const listener of this.listeners) await listener.leadWon(lead);
  }
}
