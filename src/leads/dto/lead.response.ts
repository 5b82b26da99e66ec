import { HIDDEN_CONTACT, htmlWithoutContacts, withoutContacts } from '../../common/privacy/hide-contacts';
import { ApiProperty } from '@nestjs/swagger';
import { LOCALES, type Locale } from '../../common/locale/locale';
import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT32_ID, INT64_ID } from '../../common/validation/canonical-int.decorator';
import { LeadAction, LeadSource, LeadView, PostLeadStatus } from '../entities/lead.entity';

/** The customer who referred the friend a referral lead came from. */
export class LeadReferrerResponse {
  /** The referrer as they gave their name on their page. @example "Marie-Ève Tremblay" */
  name: string;

  /** The referrer's reputation process (GET /reputation-process/{id}). @example 902 */
  @ApiInteger(INT64_ID)
  processId: number;
}

/** A lead as its vendor sees it. Times are ISO 8601 UTC with milliseconds. */
export class LeadResponse {
  /** @example 1042 */
  @ApiInteger(INT64_ID)
  id: number;

  /** @example "2026-11-21T20:01:02.123Z" */
  dateCreated: Date;

  /** Last change: viewed, accepted, declined, status set, or expired. @example "2026-11-21T20:05:00.000Z" */
  dateModified: Date;

  /** When the vendor accepted or declined the lead. */
  actionDate: Date | null;

  /** The vendor's first message to the customer through the service; null until then. @example "2026-11-21T20:31:40.000Z" */
  firstMessageAt: Date | null;

  /** Trade category. @example "Kitchen renovation" */
  category: string;

  /** @example "Jane Homeowner" */
  customerName: string;

  /** Null until the lead is accepted. @example "jane@example.com" */
  customerEmail: string | null;

  /** Null until the lead is accepted. @example "416-555-0199" */
  customerPhone: string | null;

  /** Null until the lead is accepted. @example "12 Queen St W, Toronto, ON" */
  customerAddress: string | null;

  /** OPERATOR: assigned by the operator's team; REFERRAL: a referred friend's request from a customer's page. */
  source: LeadSource;

  /** Who referred the friend, for a REFERRAL lead; null otherwise. */
  referredBy: LeadReferrerResponse | null;

  /** HTML-formatted project details. @example "<p>Full kitchen remodel, about 200 sq ft.</p>" */
  projectDetailsHtml: string;

  /** @example "We want a new kitchen before the summer." */
  originalJobDescription: string;

  /** Whether the vendor has opened the lead (GET /general-leads/{id}) or decided it. */
  vendorNotificationViewed: boolean;

  /** NONE until accepted or declined; EXPIRED when not decided within LEAD_EXPIRY_HOURS. */
  vendorLeadAction: LeadAction;

  /** The reason given when declining. */
  declineReason: string | null;

  /** Set by the vendor once the lead is accepted. */
  postLeadStatus: PostLeadStatus | null;

  /**
   * True for an accepted lead with no status yet, or with a non-final status set more than
   * LEAD_STATUS_REMINDER_DAYS days ago.
   */
  postLeadRequiresAction: boolean;

  /**
   * The one place that decides what a vendor sees (the API, `lead.*` events, webhooks): contact details
   * only once the lead is accepted; until then the free texts with every spelling of an e-mail address
   * or phone number hidden and their web addresses defanged.
   */
  static from(lead: LeadView): LeadResponse {
    const contactVisible = lead.vendorLeadAction === LeadAction.Accept;
    const known = [lead.customerEmail, lead.customerPhone, lead.customerAddress];
    return {
      ...leadFields(lead),
      ...(contactVisible
        ? {}
        : {
            projectDetailsHtml: htmlWithoutContacts(lead.projectDetailsHtml, HIDDEN_CONTACT, known),
            originalJobDescription: withoutContacts(lead.originalJobDescription, HIDDEN_CONTACT, known),
          }),
      customerEmail: contactVisible ? lead.customerEmail : null,
      customerPhone: contactVisible ? lead.customerPhone : null,
      customerAddress: contactVisible ? lead.customerAddress : null,
    };
  }
}

/** A lead as the operator's team sees it: contact details always included. */
export class ManagerLeadResponse extends LeadResponse {
  /** The vendor the lead is assigned to. @example 7 */
  @ApiInteger(INT32_ID)
  vendorId: number;

  /** As the operator entered it, whatever the vendor did. @example "jane@example.com" */
  declare customerEmail: string | null;

  /** As stored (xxx-xxx-xxxx), whatever the vendor did. @example "416-555-0199" */
  declare customerPhone: string | null;

  /** As the operator entered it, whatever the vendor did. @example "12 Queen St W, Toronto, ON" */
  declare customerAddress: string | null;

  /** The customer's language for the review request of a won job; null: the vendor's default. @example "fr" */
  @ApiProperty({ enum: LOCALES, nullable: true, type: String })
  customerLocale: Locale | null;

  static override from(lead: LeadView): ManagerLeadResponse {
    return { vendorId: lead.vendorId, customerLocale: lead.customerLocale, ...leadFields(lead) };
  }
}

function leadFields(lead: LeadView): LeadResponse {
  return {
    id: lead.id,
    dateCreated: lead.dateCreated,
    dateModified: lead.dateModified,
    actionDate: lead.actionDate,
    firstMessageAt: lead.firstMessageAt,
    category: lead.category,
    customerName: lead.customerName,
    customerEmail: lead.customerEmail,
    customerPhone: lead.customerPhone,
    customerAddress: lead.customerAddress,
    source: lead.source,
    referredBy:
      lead.referredByProcessId === null
        ? null
        : { name: lead.referredByName ?? '', processId: lead.referredByProcessId },
    projectDetailsHtml: lead.projectDetailsHtml,
    originalJobDescription: lead.originalJobDescription,
    vendorNotificationViewed: lead.vendorNotificationViewed,
    vendorLeadAction: lead.vendorLeadAction,
    declineReason: lead.declineReason,
    postLeadStatus: lead.postLeadStatus,
    postLeadRequiresAction: lead.postLeadRequiresAction,
  };
}
