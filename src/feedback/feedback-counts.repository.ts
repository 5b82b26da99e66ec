import { Injectable } from '@nestjs/common';
import { type TimeWindow, windowBounds } from '../common/time/time-window';
import { Sql } from '../database/sql';
import type { Statement } from '../database/statement';

/** Feedback requests of the window still unanswered at its end. */
const INCOMPLETE = `
  SELECT count(*) AS "incompleteFeedbackRequests"
    FROM feedback_requests
   WHERE vendor_id = $1 AND created_at >= $2 AND created_at < $3 AND (answered_at IS NULL OR answered_at >= $3)`;

/** The KPI count of feedback requests (hand-written: a measured hot path). */
@Injectable()
export class FeedbackCountsRepository {
  constructor(private readonly sql: Sql) {}

  statement(vendorId: number, window: TimeWindow): Statement {
    return { sql: INCOMPLETE, parameters: [vendorId, ...windowBounds(window)] };
  }

  async count(vendorId: number, window: TimeWindow): Promise<{ incompleteFeedbackRequests: number }> {
    const [row] = await this.sql.rows<{ incompleteFeedbackRequests: number }>(this.statement(vendorId, window));
    return row;
  }
}
