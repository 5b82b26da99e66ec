import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { LeadsService } from './leads.service';

/** How often overdue leads are stored as EXPIRED. Reads apply the same rule meanwhile. */
const EXPIRY_INTERVAL_MS = 60_000;

/**
 * Stores EXPIRED on leads still NONE past LEAD_EXPIRY_HOURS. Every read and transition already
 * treats such a lead as expired; the job makes the stored state agree, which keeps the
 * "requires attention" index small. Safe with several instances (the batches skip locked rows).
 */
@Injectable()
export class LeadExpiryScheduler {
  private readonly logger = new Logger(LeadExpiryScheduler.name);
  private running = false;

  constructor(private readonly leads: LeadsService) {}

  @Interval('lead-expiry', EXPIRY_INTERVAL_MS)
  async expireOverdueLeads(): Promise<void> {
    // A run slower than the interval must not overlap the next one.
    if (this.running) return;
    this.running = true;
    try {
      const expired = await this.leads.expireOverdue();
      if (expired) this.logger.log(`Stored ${expired} overdue lead(s) as EXPIRED`);
    } finally {
      this.running = false;
    }
  }
}
