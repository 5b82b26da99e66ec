import { Injectable } from '@nestjs/common';
import type { TimeWindow } from '../common/time/time-window';
import { changeCount } from '../database/change-count';
import { Sql } from '../database/sql';
import { FEEDBACK_COUNTS_CHANGES, incompleteFeedbackStatement } from './feedback.sql';

/** The KPI count of feedback requests (hand-written: a measured hot path). */
@Injectable()
export class FeedbackCountsRepository {
  constructor(private readonly sql: Sql) {}

  async count(vendorId: number, window: TimeWindow): Promise<{ incompleteFeedbackRequests: number }> {
    const [row] = await this.sql.rows(incompleteFeedbackStatement(vendorId, window));
    return row;
  }

  /** How many times the rows this count reads changed (the `KpiChanges` triggers count them). */
  changes(vendorId: number): Promise<string> {
    return changeCount(this.sql, FEEDBACK_COUNTS_CHANGES, vendorId);
  }
}
