import { Injectable } from '@nestjs/common';
import { ERASED, type ErasedValues, redactText } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { type ExpiredBatch, expiredBatchOf } from '../database/retention-walk';
import { Sql } from '../database/sql';
import { FINAL_POST_LEAD_STATUSES, LeadAction } from './entities/lead.entity';

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

/** The leads' part of a person's data rights and of retention (docs/contract.md#data-rights): only this module reads `leads`. */
@Injectable()
@CustomerDataProvider()
export class LeadCustomerRecords implements CustomerDataProvider {
  readonly tables = ['leads'];

  constructor(private readonly sql: Sql) {}

  /**
   * Every lead of any vendor holding one of the e-mails or phones (idx_leads_customer_email,
   * idx_leads_customer_phone), and those already found by id (a retention pass starts from them).
   */
  async find(finding: PersonFinding): Promise<void> {
    const leads = await this.sql.rows<LeadRecord>({
      sql: `SELECT ${COLUMNS} FROM leads WHERE lower(customer_email) = ANY($1::text[])
            UNION SELECT ${COLUMNS} FROM leads WHERE customer_phone = ANY($2::text[])
            UNION SELECT ${COLUMNS} FROM leads WHERE id = ANY($3::bigint[])
            ORDER BY id`,
      parameters: [finding.emails, finding.phones, finding.ids('leads')],
    });
    finding.add('leads', leads, {
      contacts: leads.map((lead) => ({ email: lead.customerEmail, phone: lead.customerPhone })),
      values: leads.flatMap((l) => [
        l.customerName,
        l.customerEmail,
        l.customerPhone,
        l.customerAddress,
        l.projectDetailsHtml,
        l.originalJobDescription,
        l.declineReason,
      ]),
    });
    await this.findReferred(finding);
  }

  async erase({ finding, values }: Erasure): Promise<ErasedCounts> {
    return {
      leads: await this.eraseLeads(finding.ids('leads')),
      referredLeads: await this.eraseReferrer(finding, values),
    };
  }

  /**
   * The friends' leads the person's referrals brought (idx_leads_referred_by_process): the friend's data,
   * not the person's, but each names the person as its referrer.
   */
  private async findReferred(finding: PersonFinding): Promise<void> {
    const referred = await this.sql.rows<{ id: number; vendorId: number; referredByName: string | null }>({
      sql: `SELECT id, vendor_id AS "vendorId", referred_by_name AS "referredByName" FROM leads
             WHERE referred_by_process_id = ANY($1::bigint[]) ORDER BY id`,
      parameters: [finding.ids('reputationProcesses')],
    });
    finding.add('referredLeads', referred, { values: referred.map((lead) => lead.referredByName) });
  }

  /**
   * The referrer's name `[erased]` on the friends' leads, and wherever the friend's words name the person;
   * the friend's own data stays. Answers how many.
   */
  private async eraseReferrer(finding: PersonFinding, values: ErasedValues): Promise<number> {
    const ids = finding.ids('referredLeads');
    if (ids.length === 0) return 0;
    const leads = await this.sql.rows<{ id: number; details: string; description: string }>({
      sql: `SELECT id, project_details_html AS details, original_job_description AS description
              FROM leads WHERE id = ANY($1::bigint[]) FOR UPDATE`,
      parameters: [ids],
    });
    const { rowCount } = await this.sql.run({
      sql: `UPDATE leads SET referred_by_name = $2::text WHERE id = ANY($1::bigint[])`,
      parameters: [ids, ERASED],
    });
    for (const lead of leads) {
      const details = redactText(lead.details, values);
      const description = redactText(lead.description, values);
      if (!details.changed && !description.changed) continue;
      await this.sql.run({
        sql: `UPDATE leads SET project_details_html = $2, original_job_description = $3 WHERE id = $1`,
        parameters: [lead.id, details.value, description.value],
      });
    }
    return rowCount;
  }

  /**
   * Removes the customer's name, contacts, address and texts from these leads, in the caller's
   * transaction; the lead, its state and its counts stay. Answers how many were erased.
   */
  private async eraseLeads(ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const { rowCount } = await this.sql.run({
      sql: `UPDATE leads SET customer_name = $2::text, customer_email = NULL, customer_phone = NULL, customer_address = NULL,
                  project_details_html = $2::text, original_job_description = $2::text, decline_reason = NULL
             WHERE id = ANY($1::bigint[])`,
      parameters: [ids, ERASED],
    });
    return rowCount;
  }

  /**
   * Up to `limit` leads closed before `cutoff` (declined, expired, or in a final status) whose contact
   * details are still held, after the lead `afterId`: what `RETENTION_CLOSED_LEADS_DAYS` erases. The
   * pass walks the primary key forward, so a whole pass reads the table once.
   */
  async closedBefore(cutoff: Date, afterId: number, limit: number): Promise<ExpiredBatch> {
    const rows = await this.sql.rows<{ id: number; expired: boolean }>({
      sql: `SELECT id, true AS expired FROM leads
             WHERE id > $5 AND customer_name <> $4
               AND ((vendor_lead_action IN ('DECLINE', 'EXPIRED') AND coalesce(action_date, date_modified) < $1)
                 OR (post_lead_status = ANY($2::post_lead_status[]) AND post_lead_status_date < $1))
             ORDER BY id LIMIT $3`,
      parameters: [cutoff, FINAL_POST_LEAD_STATUSES, limit, ERASED, afterId],
    });
    return expiredBatchOf(rows, limit);
  }
}
