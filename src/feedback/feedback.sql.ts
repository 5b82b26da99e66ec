import type { TimeWindow } from '../common/time/time-window';
import type { ChangeCounter } from '../database/change-count';
import { ROLLUP_NUMBERING, rollupValues, spanCountsSql } from '../reputation/day-rollups.sql';
import { NamedSql } from '../database/named-sql';
import type { Statement } from '../database/statement';
import type { ReputationProcess } from '../reputation/entities/reputation-process.entity';
import type { FeedbackRequest } from './entities/feedback-request.entity';

/** A feedback request with the state of its process, as the vendor's list shows it. */
export type FeedbackRequestWithProcess = FeedbackRequest & {
  process: Pick<ReputationProcess, 'state' | 'step' | 'privateFeedback'>;
};

export interface FeedbackRequestRecord {
  id: number;
  processId: number;
  vendorId: number;
  customerName: string;
  email: string | null;
  phone: string | null;
  createdAt: Date;
  answeredAt: Date | null;
  rating: number | null;
  wouldRefer: boolean | null;
  comment: string | null;
}

export const FEEDBACK_SQL = {
  /** Whether :vendorId has a feedback request with the :email or the :phone. */
  exists: new NamedSql<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM feedback_requests WHERE vendor_id = :vendorId AND (email = :email OR phone = :phone)) AS found`,
  ),

  /** :limit of :vendorId's feedback requests after the first :offset, newest first, with their processes. */
  page: new NamedSql<FeedbackRequestWithProcess>(`
    SELECT f.id, f.vendor_id AS "vendorId", f.process_id AS "processId", f.created_at AS "createdAt", f.email, f.phone,
           f.customer_name AS "customerName", f.answered_at AS "answeredAt", f.rating, f.would_refer AS "wouldRefer",
           f.comment, json_build_object('state', p.state, 'step', p.step, 'privateFeedback', p.private_feedback) AS process
    FROM feedback_requests f
    JOIN reputation_processes p ON p.id = f.process_id
    WHERE f.vendor_id = :vendorId
    ORDER BY f.created_at DESC, f.id DESC
    LIMIT :limit OFFSET :offset`),

  /** The feedback requests of the processes :processIds, for a person's data. */
  recordsOfProcesses: new NamedSql<FeedbackRequestRecord>(`
    SELECT id, process_id AS "processId", vendor_id AS "vendorId", customer_name AS "customerName", email, phone,
           created_at AS "createdAt", answered_at AS "answeredAt", rating, would_refer AS "wouldRefer", comment
    FROM feedback_requests WHERE process_id = ANY(:processIds::bigint[]) ORDER BY id`),

  /** The requests :ids' name :erased, contacts and comment removed; the rating and times (what the KPIs count) stay. */
  eraseRecords: new NamedSql(`
    UPDATE feedback_requests SET customer_name = :erased::text, email = NULL, phone = NULL, comment = NULL
    WHERE id = ANY(:ids::bigint[])`),
};

/** Feedback requests of the window still unanswered at its end, from feedback_request_days and the partial days. */
const INCOMPLETE = new NamedSql<{ incompleteFeedbackRequests: number }>(
  spanCountsSql(
    { table: 'feedback_requests', rollup: 'feedback_request_days', start: 'created_at', end: 'answered_at' },
    { incompleteFeedbackRequests: 'open' },
  ),
  { prepare: true, numbering: ROLLUP_NUMBERING },
);

/** What the count reads, and the count of changes to it that the `KpiChanges` triggers keep. */
export const FEEDBACK_COUNTS_CHANGES: ChangeCounter = {
  table: 'feedback_request_changes',
  column: 'changes',
  reads: [{ table: 'feedback_requests', columns: ['vendor_id', 'created_at', 'answered_at'] }],
};

/** The KPI count of feedback requests (also run by the benchmark's baseline and bench:kpi). */
export function incompleteFeedbackStatement(
  vendorId: number,
  window: TimeWindow,
): Statement<{ incompleteFeedbackRequests: number }> {
  return INCOMPLETE.bind(rollupValues(vendorId, window));
}
