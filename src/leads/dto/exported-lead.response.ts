import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { exportedTime } from '../../common/privacy/customer-data-export';
import { INT32_ID, INT64_ID } from '../../common/validation/canonical-int.decorator';
import type { LeadRecord } from '../lead-customer-records.sql';

/** A lead holding the person's contact, as their export shows it (its conversation is nested in it by its module). */
export class ExportedLead {
  @ApiInteger(INT64_ID) id: number;
  @ApiInteger(INT32_ID) vendorId: number;
  /** @example "2026-11-21T20:01:02.123Z" */
  dateCreated: string;
  category: string;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  customerAddress: string | null;
  projectDetailsHtml: string;
  originalJobDescription: string;
  /** @example "ACCEPT" */
  vendorLeadAction: string;
  postLeadStatus: string | null;
  /** Why the vendor declined the lead, as it wrote it. */
  declineReason: string | null;

  static from(lead: LeadRecord): ExportedLead {
    return { ...lead, id: Number(lead.id), dateCreated: exportedTime(lead.dateCreated) };
  }
}
