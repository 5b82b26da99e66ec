import { NamedSql } from '../database/named-sql';
import type { LeadAction } from './entities/lead.entity';

/** A lead as a person's export shows it. */
export interface LeadRecord {
  id: number;
  vendorId: number;
  dateCreated: Date;
  category: string;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  customerAddress: string | null;
  projectDetailsHtml: string;
  originalJobDescription: string;
  vendorLeadAction: LeadAction;
  postLeadStatus: string | null;
  declineReason: string | null;
}

const COLUMNS = `id, vendor_id AS "vendorId", date_created AS "dateCreated", category, customer_name AS "customerName",
  customer_email AS "customerEmail", customer_phone AS "customerPhone", customer_address AS "customerAddress",
  project_details_html AS "projectDetailsHtml", original_job_description AS "originalJobDescription",
  vendor_lead_action AS "vendorLeadAction", post_lead_status AS "postLeadStatus", decline_reason AS "declineReason"`;

/** The leads' statements of a person's data rights and of retention (see `LeadCustomerRecords`). */
export const LEAD_RECORD_SQL = {
  /**
   * Every lead of any vendor holding one of the :emails or :phones (idx_leads_customer_email,
   * idx_leads_customer_phone), and the leads :ids.
   */
  ofPerson: new NamedSql<LeadRecord>(`
    SELECT ${COLUMNS} FROM leads WHERE lower(customer_email) = ANY(:emails::text[])
    UNION SELECT ${COLUMNS} FROM leads WHERE customer_phone = ANY(:phones::text[])
    UNION SELECT ${COLUMNS} FROM leads WHERE id = ANY(:ids::bigint[])
    ORDER BY id`),

  /** The friends' leads the referrals of the processes :processIds brought (idx_leads_referred_by_process). */
  referredBy: new NamedSql<{ id: number; vendorId: number; referredByName: string | null }>(`
    SELECT id, vendor_id AS "vendorId", referred_by_name AS "referredByName" FROM leads
    WHERE referred_by_process_id = ANY(:processIds::bigint[]) ORDER BY id`),

  /** The friend's words on the leads :ids, locked for the rest of the transaction. */
  lockTexts: new NamedSql<{ id: number; details: string; description: string }>(`
    SELECT id, project_details_html AS details, original_job_description AS description
    FROM leads WHERE id = ANY(:ids::bigint[]) FOR UPDATE`),

  /** The referrer's name :erased on the leads :ids. */
  eraseReferrer: new NamedSql(`UPDATE leads SET referred_by_name = :erased::text WHERE id = ANY(:ids::bigint[])`),

  /** The lead :id's :details and :description rewritten. */
  rewriteTexts: new NamedSql(
    `UPDATE leads SET project_details_html = :details, original_job_description = :description WHERE id = :id`,
  ),

  /** The customer's name, contacts, address and texts removed from the leads :ids (:erased); the lead, its state and counts stay. */
  erase: new NamedSql(`
    UPDATE leads SET customer_name = :erased::text, customer_email = NULL, customer_phone = NULL, customer_address = NULL,
           project_details_html = :erased::text, original_job_description = :erased::text, decline_reason = NULL
    WHERE id = ANY(:ids::bigint[])`),

  /**
   * Up to :limit leads after :afterId closed before :cutoff (declined, expired, or in one of the
   * :finalStatuses) whose contact details are still held (not :erased).
   */
  closedBefore: new NamedSql<{ id: number; expired: boolean }>(`
    SELECT id, true AS expired FROM leads
    WHERE id > :afterId AND customer_name <> :erased
      AND ((vendor_lead_action IN ('DECLINE', 'EXPIRED') AND coalesce(action_date, date_modified) < :cutoff)
        OR (post_lead_status = ANY(:finalStatuses::post_lead_status[]) AND post_lead_status_date < :cutoff))
    ORDER BY id LIMIT :limit`),
};
