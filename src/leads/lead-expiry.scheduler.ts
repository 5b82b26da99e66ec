import { Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { oneAtATime, runEvery } from '../common/scheduling/every';
import { LeadsService } from './leads.service';

/** How often overdue leads are stored as EXPIRED. Reads apply the same rule meanwhile. */
const EXPIRY_INTERVAL_MS = 60_000;

/**
 * Stores EXPIRED on leads still NONE past LEAD_EXPIRY_HOURS. Every read and transition already
 * treats such a lead as expired; the job makes the stored state agree, which keeps the
 * "requires attention" index small. Safe with several instances (the batches skip locked rows).
 */
@Injectable()
export class LeadExpiryScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(LeadExpiryScheduler.name);

  constructor(
    private readonly leads: LeadsService,
    @Optional() private readonly registry?: SchedulerRegistry,
  ) {}

  readonly expireOverdueLeads = oneAtATime(async () => {
    const expired = await this.leads.expireOverdue();
    if (expired) this.logger.log(`Stored ${expired} overdue lead(s) as EXPIRED`);
  }, this.logger);

  onApplicationBootstrap(): void {
    runEvery(this.registry, 'lead-expiry', EXPIRY_INTERVAL_MS, this.expireOverdueLeads);
  }
}
