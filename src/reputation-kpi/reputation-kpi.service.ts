import { Injectable } from '@nestjs/common';
import { StampedMemo } from '../common/memo/stamped-memo';
import type { TimeWindow } from '../common/time/time-window';
import { FeedbackService } from '../feedback/feedback.service';
import { ReferralsService } from '../referrals/referrals.service';
import { ReputationProcessService } from '../reputation/reputation-process.service';
import { KPI_FIELDS, type Kpis } from './kpis';
import { queryWindow } from '../common/time/window-bounds';

/**
 * The KPIs of docs/contract.md#reputation-kpis, gathered from the modules whose rows they count (each counts its own
 * tables), side by side on pooled connections. The KPIs of a window depend on the rows alone, never on
 * the clock: each instance remembers them per vendor and window, and answers them again while every
 * module says its rows have not changed since (counts of changes kept by triggers, whichever instance
 * or statement changed the rows).
 */
@Injectable()
export class ReputationKpiService {
  private readonly memo = new StampedMemo<Kpis>();

  constructor(
    private readonly processes: ReputationProcessService,
    private readonly feedback: FeedbackService,
    private readonly referrals: ReferralsService,
  ) {}

  /** Every KPI for the vendor, counting only what happened inside [from, to] when given. */
  async forVendor(vendorId: number, from?: string, to?: string): Promise<Kpis> {
    const window = queryWindow(from, to);
    const stamp = await this.changes(vendorId);
    const key = [vendorId, window.from?.getTime(), window.until?.getTime()].join('/');
    return this.memo.value(
      key,
      (remembered) => remembered.stamp === stamp,
      async () => ({ value: await this.count(vendorId, window), stamp }),
    );
  }

  private async changes(vendorId: number): Promise<string> {
    const stamps = await Promise.all([
      this.processes.kpiChanges(vendorId),
      this.feedback.kpiChanges(vendorId),
      this.referrals.kpiChanges(vendorId),
    ]);
    return stamps.join('/');
  }

  private async count(vendorId: number, window: TimeWindow): Promise<Kpis> {
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
