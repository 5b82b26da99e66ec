import { Injectable } from '@nestjs/common';
import type { TimeWindow } from '../common/time/time-window';
import { changeCount } from '../database/change-count';
import { Sql } from '../database/sql';
import { REFERRAL_COUNTS_CHANGES, type ReferralCounts, referralCountsStatement } from './referral-counts.sql';

/** The KPI counts of referral requests (hand-written: a measured hot path). */
@Injectable()
export class ReferralCountsRepository {
  constructor(private readonly sql: Sql) {}

  async count(vendorId: number, window: TimeWindow, failedIds: string[]): Promise<ReferralCounts> {
    const [row] = await this.sql.rows(referralCountsStatement(vendorId, window, failedIds));
    return row;
  }

  /** How many times the rows these counts read changed (the `KpiChanges` triggers count them). */
  changes(vendorId: number): Promise<string> {
    return changeCount(this.sql, REFERRAL_COUNTS_CHANGES, vendorId);
  }
}
