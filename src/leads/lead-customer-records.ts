import { Injectable } from '@nestjs/common';
import { ERASED, type ErasedValues, redactText } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { type ExpiredBatch, expiredBatchOf } from '../common/privacy/retention-walk';
import { Sql } from '../database/sql';
import { FINAL_POST_LEAD_STATUSES } from './entities/lead.entity';
import { LEAD_RECORD_SQL } from './lead-customer-records.sql';

// The customer-data module names the record through the provider.
export type { LeadRecord } from './lead-customer-records.sql';

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
    const leads = await this.sql.rows(
      LEAD_RECORD_SQL.ofPerson.bind({ emails: finding.emails, phones: finding.phones, ids: finding.ids('leads') }),
    );
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
    const referred = await this.sql.rows(
      LEAD_RECORD_SQL.referredBy.bind({ processIds: finding.ids('reputationProcesses') }),
    );
    finding.add('referredLeads', referred, { values: referred.map((lead) => lead.referredByName) });
  }

  /**
   * The referrer's name `[erased]` on the friends' leads, and wherever the friend's words name the person;
   * the friend's own data stays. Answers how many.
   */
  private async eraseReferrer(finding: PersonFinding, values: ErasedValues): Promise<number> {
    const ids = finding.ids('referredLeads');
    if (ids.length === 0) return 0;
    const leads = await this.sql.rows(LEAD_RECORD_SQL.lockTexts.bind({ ids }));
    const { rowCount } = await this.sql.run(LEAD_RECORD_SQL.eraseReferrer.bind({ ids, erased: ERASED }));
    for (const lead of leads) {
      const details = redactText(lead.details, values);
      const description = redactText(lead.description, values);
      if (!details.changed && !description.changed) continue;
      await this.sql.run(
        LEAD_RECORD_SQL.rewriteTexts.bind({ id: lead.id, details: details.value, description: description.value }),
      );
    }
    return rowCount;
  }

  /**
   * Removes the customer's name, contacts, address and texts from these leads, in the caller's
   * transaction; the lead, its state and its counts stay. Answers how many were erased.
   */
  private async eraseLeads(ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const { rowCount } = await this.sql.run(LEAD_RECORD_SQL.erase.bind({ ids, erased: ERASED }));
    return rowCount;
  }

  /**
   * Up to `limit` leads closed before `cutoff` (declined, expired, or in a final status) whose contact
   * details are still held, after the lead `afterId`: what `RETENTION_CLOSED_LEADS_DAYS` erases. The
   * pass walks the primary key forward, so a whole pass reads the table once.
   */
  async closedBefore(cutoff: Date, afterId: number, limit: number): Promise<ExpiredBatch> {
    const rows = await this.sql.rows(
      LEAD_RECORD_SQL.closedBefore.bind({
        cutoff,
        finalStatuses: FINAL_POST_LEAD_STATUSES,
        limit,
        erased: ERASED,
        afterId,
      }),
    );
    return expiredBatchOf(rows, limit);
  }
}
