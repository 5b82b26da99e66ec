import { NamedSql } from '../database/named-sql';
import type { JobWonReviewRequest } from './entities/job-won-review-request.entity';

export const JOB_WON_SQL = {
  /** :leadId's row, unless it has one already (a won status set again): no row returned then. */
  insertOnce: new NamedSql<{ leadId: number }>(`
    INSERT INTO job_won_review_requests (lead_id, vendor_id, due_at) VALUES (:leadId, :vendorId, :dueAt)
    ON CONFLICT DO NOTHING
    RETURNING lead_id AS "leadId"`),

  /** Up to :limit rows due at :now, oldest first, locked for the transaction; rows another pass holds are skipped. */
  claimDue: new NamedSql<JobWonReviewRequest>(`
    SELECT lead_id AS "leadId", vendor_id AS "vendorId", due_at AS "dueAt", outcome,
           review_request_id AS "reviewRequestId", settled_at AS "settledAt"
    FROM job_won_review_requests
    WHERE outcome IS NULL AND due_at <= :now
    ORDER BY due_at
    LIMIT :limit
    FOR UPDATE SKIP LOCKED`),
};
