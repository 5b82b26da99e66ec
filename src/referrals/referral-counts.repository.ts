import { Injectable } from '@nestjs/common';
import { type TimeWindow, windowBounds } from '../common/time/time-window';
import { Sql } from '../database/sql';
import type { Statement } from '../database/statement';

const completedBy = (channel: string): string =>
  `count(*) FILTER (WHERE completed_at >= $2 AND completed_at < $3 AND completed_channel = '${channel}')`;

/**
 * Referral requests completed in the window, by channel, and the ids of those still open at its end
 * (whether their messages failed is the notification outbox's to say).
 */
const REFERRAL_COUNTS = `
  SELECT count(*) FILTER (WHERE completed_at >= $2 AND completed_at < $3) AS "referralRequestsCompleted",
         ${completedBy('EMAIL')} AS "referralRequestsCompletedByEmail",
         ${completedBy('TEXT')}  AS "referralRequestsCompletedByText",
         ${completedBy('SHARE')} AS "referralRequestsCompletedByShare",
         coalesce(array_agg(id) FILTER (WHERE created_at >= $2 AND (completed_at IS NULL OR completed_at >= $3)), '{}')
           AS "openIds"
    FROM referral_requests
   WHERE vendor_id = $1 AND created_at < $3`;

export interface ReferralCounts {
  referralRequestsCompleted: number;
  referralRequestsCompletedByEmail: number;
  referralRequestsCompletedByText: number;
  referralRequestsCompletedByShare: number;
  openIds: number[];
}

/** The KPI counts of referral requests (hand-written: a measured hot path). */
@Injectable()
export class ReferralCountsRepository {
  constructor(private readonly sql: Sql) {}

  statement(vendorId: number, window: TimeWindow): Statement {
    return { sql: REFERRAL_COUNTS, parameters: [vendorId, ...windowBounds(window)] };
  }

  async count(vendorId: number, window: TimeWindow): Promise<ReferralCounts> {
    const [row] = await this.sql.rows<ReferralCounts>(this.statement(vendorId, window));
    return row;
  }
}
