import { NamedSql } from '../database/named-sql';
import { PENDING } from './leads.sql';

/** Leads of every vendor waiting for accept or decline; the oldest one's wait in seconds (null: none). */
export interface LeadsWaiting {
  waiting: number;
  oldestSeconds: number | null;
}

/**
 * Every vendor's leads still waiting for accept or decline, for the metrics scrape: the sum of the
 * vendors' kept counts (one row per vendor with leads; overdue leads count until the expiry job stores
 * them EXPIRED), and how long the oldest within its time has waited (idx_leads_pending_created, its
 * first entry). Counting the leads themselves would read every waiting one at each scrape.
 */
export const WAITING_FOR_FIRST_ACTION = new NamedSql<LeadsWaiting>(`
  SELECT (SELECT coalesce(sum(pending), 0)::int FROM vendor_lead_counts) AS waiting,
         extract(epoch FROM :now::timestamptz - (SELECT min(l.date_created) FROM leads l WHERE ${PENDING}))::float8
           AS "oldestSeconds"`);
