import { Injectable } from '@nestjs/common';
import { FeedbackService } from '../feedback/feedback.service';
import { ReferralsService } from '../referrals/referrals.service';
import { ReputationProcessService } from '../reputation/reputation-process.service';
import { KPI_FIELDS, type Kpis } from './kpis';
import { queryWindow } from '../common/time/window-bounds';

/**
 * The KPIs of CONTRACT 7, gathered from the modules whose rows they count (each counts its own
 * tables), side by side on pooled connections.
 */
@Injectable()
export class ReputationKpiService {
  constructor(
    private readonly processes: ReputationProcessService,
    private readonly feedback: FeedbackService,
    private readonly referrals: ReferralsService,
  ) {}

  /** Every KPI for the vendor, counting only what happened inside [from, to] when given. */
  async forVendor(vendorId: number, from?: string, to?: string): Promise<Kpis> {
    const window = queryWindow(from, to);
    const parts = await Promise.all([
      this.processes.kpiCounts(vendorId, window),
      this.feedback.kpiCounts(vendorId, window),
      this.referrals.kpiCounts(vendorId, window),
    ]);
    const counts = Object.assign({}, ...parts) as Record<string, number | string>;
    // Number(): a count is int8 and the average numeric; both arrive as numbers or strings by driver setup.
    return Object.fromEntries(KPI_FIELDS.map((field) => [field, Number(counts[field])])) as Kpis;
  }
}
