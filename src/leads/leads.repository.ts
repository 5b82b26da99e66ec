import type { Locale } from '../common/locale/locale';
import { Inject, Injectable } from '@nestjs/common';
import { LeadsConfig, leadsConfig } from '../config/leads.config';
import { Page, PageRequest, pageOf } from '../common/pagination/page';
import { Clock } from '../common/time/clock';
import type { NamedSql } from '../database/named-sql';
import { changeCount } from '../database/change-count';
import { Sql } from '../database/sql';
import { LeadAction, LeadFilter, LeadSource, LeadView, PostLeadStatus } from './entities/lead.entity';
import type { LeadResponseTimes, ResponseTimesWindow } from './lead-response-times';
import {
  RESPONSE_TIMES_CHANGES,
  responseTimesStatement,
  responseTimesValidUntilStatement,
} from './lead-response-times.sql';
import { LEAD_SQL, filterCountsStatement, leadListStatement, leadStatement } from './leads.sql';
import { type LeadsWaiting, WAITING_FOR_FIRST_ACTION } from './leads-waiting.sql';

export interface NewLead {
  category: string;
  customerName: string;
  customerEmail?: string;
  customerPhone?: string;
  customerAddress?: string;
  projectDetailsHtml: string;
  originalJobDescription: string;
  customerLocale?: Locale;
  /** Set for a referred friend's request; a lead without it was assigned by the operator's team. */
  referredBy?: LeadReferrer;
}

/** Who referred the friend a lead came from: the name they gave, and their reputation process. */
export interface LeadReferrer {
  name: string;
  processId: number;
}

export interface LeadFilterCounts {
  allLeadsCount: number;
  acceptedLeadsCount: number;
  requiresAttentionLeadsCount: number;
}

/** All SQL about leads. Every vendor-side statement carries the vendor id in its WHERE clause. */
@Injectable()
export class LeadsRepository {
  constructor(
    private readonly sql: Sql,
    @Inject(leadsConfig.KEY) private readonly config: LeadsConfig,
    private readonly clock: Clock,
  ) {}

  async list(vendorId: number, filter: LeadFilter, request: PageRequest): Promise<Page<LeadView>> {
    const rows = await this.sql.rows<LeadView & { total: number }>(
      leadListStatement(this.config, this.clock.now(), vendorId, filter, request),
    );
    // The count's row comes back even when the page is empty (its lead columns are then null). Each lead
    // keeps its row's `total` rather than a copy of the row without it: the answer takes only its fields.
    const content: LeadView[] = rows.filter((row) => row.id !== null);
    return pageOf(content, request, rows[0].total);
  }

  async filterCounts(vendorId: number): Promise<LeadFilterCounts> {
    const [counts] = await this.sql.rows<LeadFilterCounts>(
      filterCountsStatement(this.config, this.clock.now(), vendorId),
    );
    return counts;
  }

  /** The figures of docs/contract.md#speed-to-lead over the window, as of now. */
  async responseTimes(vendorId: number, window: ResponseTimesWindow, now: Date): Promise<LeadResponseTimes> {
    const [figures] = await this.sql.rows<LeadResponseTimes>(
      responseTimesStatement(this.config, now, vendorId, window),
    );
    return figures;
  }

  /** The first instant from now at which the window's figures change with no lead changed; null: never. */
  async responseTimesValidUntil(vendorId: number, window: ResponseTimesWindow, now: Date): Promise<Date | null> {
    const [{ validUntil }] = await this.sql.rows<{ validUntil: Date | null }>(
      responseTimesValidUntilStatement(this.config, now, vendorId, window),
    );
    return validUntil;
  }

  /** How many times the vendor's leads' timings (assignment, first view, action, removal) changed. */
  timingChanges(vendorId: number): Promise<string> {
    return changeCount(this.sql, RESPONSE_TIMES_CHANGES, vendorId);
  }

  findOne(vendorId: number, id: number): Promise<LeadView | undefined> {
    return this.one(LEAD_SQL.findOne, { leadId: id, vendorId });
  }

  /** The lead after setting its viewed flag; undefined when it was already set (or is not the vendor's). */
  markViewed(vendorId: number, id: number): Promise<LeadView | undefined> {
    return this.one(LEAD_SQL.markViewed, { leadId: id, vendorId });
  }

  /** Records the vendor's first message to the lead's customer, at the clock's now; later ones change nothing. */
  async markMessaged(vendorId: number, id: number): Promise<void> {
    await this.sql.run(leadStatement(this.config, this.clock.now(), LEAD_SQL.markMessaged, { leadId: id, vendorId }));
  }

  /** The lead accepted or declined; undefined when it was not the vendor's pending lead. */
  decide(
    vendorId: number,
    id: number,
    action: LeadAction.Accept | LeadAction.Decline,
    declineReason: string | null,
  ): Promise<LeadView | undefined> {
    return this.one(LEAD_SQL.decide, { leadId: id, vendorId, action, reason: declineReason });
  }

  /** The lead with its new status; undefined when it was not the vendor's accepted lead. */
  setPostLeadStatus(vendorId: number, id: number, status: PostLeadStatus): Promise<LeadView | undefined> {
    return this.one(LEAD_SQL.setPostLeadStatus, { leadId: id, vendorId, status });
  }

  async insert(vendorId: number, lead: NewLead): Promise<LeadView> {
    const created = await this.one(LEAD_SQL.insert, {
      vendorId,
      category: lead.category,
      customerName: lead.customerName,
      customerEmail: lead.customerEmail ?? null,
      customerPhone: lead.customerPhone ?? null,
      customerAddress: lead.customerAddress ?? null,
      projectDetailsHtml: lead.projectDetailsHtml,
      originalJobDescription: lead.originalJobDescription,
      customerLocale: lead.customerLocale ?? null,
      source: lead.referredBy ? LeadSource.Referral : LeadSource.Operator,
      referredByName: lead.referredBy?.name ?? null,
      referredByProcessId: lead.referredBy?.processId ?? null,
    });
    return created!;
  }

  /** Every vendor's leads waiting for a first action, and the oldest one's wait in seconds. */
  async waitingForFirstAction(): Promise<LeadsWaiting> {
    const statement = leadStatement(this.config, this.clock.now(), WAITING_FOR_FIRST_ACTION, {});
    const [row] = await this.sql.rows<LeadsWaiting>(statement);
    return row;
  }

  /** Stores EXPIRED on up to batchSize overdue leads; answers them. */
  expireOverdue(batchSize: number): Promise<LeadView[]> {
    return this.sql.rows<LeadView>(leadStatement(this.config, this.clock.now(), LEAD_SQL.expireOverdue, { batchSize }));
  }

  private async one(sql: NamedSql, values: Record<string, unknown>): Promise<LeadView | undefined> {
    const [lead] = await this.sql.rows<LeadView>(leadStatement(this.config, this.clock.now(), sql, values));
    return lead;
  }
}
