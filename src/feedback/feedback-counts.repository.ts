import { Injectable } from '@nestjs/common';
import { type TimeWindow, rollupBounds } from '../common/time/time-window';
import { type ChangeCounter, changeCount } from '../database/change-count';
import { spanCountsSql } from '../database/day-rollups';
import { Sql } from '../database/sql';
import type { Statement } from '../database/statement';

/** Feedback requests of the window still unanswered at its end, from feedback_request_days and the partial days. */
const INCOMPLETE = spanCountsSql(
  { table: 'feedback_requests', rollup: 'feedback_request_days', start: 'created_at', end: 'answered_at' },
  { incompleteFeedbackRequests: 'open' },
);

/** What the count reads, and the count of changes to it that the `KpiChanges` triggers keep. */
export const FEEDBACK_COUNTS_CHANGES: ChangeCounter = {
  table: 'feedback_request_changes',
  column: 'changes',
  reads: [{ table: 'feedback_requests', columns: ['vendor_id', 'created_at', 'answered_at'] }],
};

/** The KPI count of feedback requests (also run by the benchmark's baseline and bench:kpi). */
export function incompleteFeedbackStatement(vendorId: number, window: TimeWindow): Statement {
  return { sql: INCOMPLETE, parameters: [vendorId, ...rollupBounds(window)], prepare: true };
}

/** The KPI count of feedback requests (hand-written: a measured hot path). */
@Injectable()
export class FeedbackCountsRepository {
  constructor(private readonly sql: Sql) {}

  async count(vendorId: number, window: TimeWindow): Promise<{ incompleteFeedbackRequests: number }> {
    const [row] = await this.sql.rows<{ incompleteFeedbackRequests: number }>(
      incompleteFeedbackStatement(vendorId, window),
    );
    return row;
  }

  /** How many times the rows this count reads changed (the `KpiChanges` triggers count them). */
  changes(vendorId: number): Promise<string> {
    return changeCount(this.sql, FEEDBACK_COUNTS_CHANGES, vendorId);
  }
}
