import { MAX_PAGE_SIZE, type PageRequest } from '../common/pagination/page';
import { NamedSql } from '../database/named-sql';
import type { Statement } from '../database/statement';
import { FINAL_POST_LEAD_STATUSES, LeadAction, LeadFilter } from './entities/lead.entity';

/**
 * The lead rules written once, in SQL, so that the list, the counts, each transition and the expiry
 * job all decide "expired" and "requires action" alike, with one clock: the service's `Clock`, whose
 * time every statement takes as a parameter (tests move it), so the times a lead records (assigned,
 * first viewed, decided) and the rules that read them agree.
 *
 * The fragments name their parameters (`NamedSql`): `:now`, `:expiryAge` and `:reminderAge` (intervals,
 * see `leadStatement`) for the rules beside the statement's own. They are constants (no input in
 * them): the SQL text is fixed and only the parameters vary.
 */

const FINAL_STATUSES = FINAL_POST_LEAD_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * The rules' moments and the counted vendor as sub-selects (run once), not constants the planner sees:
 * it prices the plan made for a request's values as the one plan for every request (a prepared
 * statement's generic plan) and keeps that one, where it priced a vendor with fewer overdue or due
 * leads than the average below it and planned each of its requests anew.
 */
const cutoff = (age: string): string => `(SELECT :now::timestamptz - ${age}::interval)`;
const COUNTED_VENDOR = `(SELECT :vendorId::int)`;

/** Still NONE but older than the expiry age: it reads as EXPIRED and can no longer be decided. */
export const OVERDUE = `(l.vendor_lead_action = '${LeadAction.None}' AND l.date_created <= ${cutoff(':expiryAge')})`;

/** Still NONE and within the expiry age: waiting for accept or decline. */
export const PENDING = `(l.vendor_lead_action = '${LeadAction.None}' AND l.date_created > ${cutoff(':expiryAge')})`;

/** Accepted, with no status yet, or a non-final status set longer ago than the reminder age. */
const REQUIRES_ACTION = `(l.vendor_lead_action = '${LeadAction.Accept}' AND (l.post_lead_status IS NULL
  OR (l.post_lead_status NOT IN (${FINAL_STATUSES}) AND l.post_lead_status_date < ${cutoff(':reminderAge')})))`;

/** The moment an overdue lead expired; its dateModified (the job stores the same). */
const EXPIRED_AT = `GREATEST(l.date_modified, l.date_created + :expiryAge::interval)`;

/** Each filter as a condition; the list and the counts share them, so the counts match the lists. */
const FILTERS: Record<LeadFilter, string> = {
  [LeadFilter.All]: 'TRUE',
  [LeadFilter.Accepted]: `l.vendor_lead_action = '${LeadAction.Accept}'`,
  [LeadFilter.RequiresAttention]: `(${PENDING} OR ${REQUIRES_ACTION})`,
};

/** A LeadView: the stored lead with its action, dateModified and postLeadRequiresAction as of now. */
const LEAD_VIEW_COLUMNS = `
  l.id,
  l.vendor_id AS "vendorId",
  l.date_created AS "dateCreated",
  CASE WHEN ${OVERDUE} THEN ${EXPIRED_AT} ELSE l.date_modified END AS "dateModified",
  l.action_date AS "actionDate",
  l.category,
  l.customer_name AS "customerName",
  l.customer_email AS "customerEmail",
  l.customer_phone AS "customerPhone",
  l.customer_address AS "customerAddress",
  l.customer_locale AS "customerLocale",
  l.project_details_html AS "projectDetailsHtml",
  l.original_job_description AS "originalJobDescription",
  l.source,
  l.referred_by_name AS "referredByName",
  l.referred_by_process_id AS "referredByProcessId",
  l.vendor_notification_viewed AS "vendorNotificationViewed",
  l.first_viewed_at AS "firstViewedAt",
  l.first_message_at AS "firstMessageAt",
  CASE WHEN ${OVERDUE} THEN '${LeadAction.Expired}'::lead_action ELSE l.vendor_lead_action END AS "vendorLeadAction",
  l.decline_reason AS "declineReason",
  l.post_lead_status AS "postLeadStatus",
  l.post_lead_status_date AS "postLeadStatusDate",
  ${REQUIRES_ACTION} AS "postLeadRequiresAction"`;

/** Counts of the vendor's from the row the lead triggers keep (the VendorLeadCounts and LeadAttentionCounts migrations). */
const stored = (counts: string): string =>
  `coalesce((SELECT ${counts} FROM vendor_lead_counts c WHERE c.vendor_id = :vendorId), 0)::bigint`;

/** NONE leads past the expiry age the job has not stored as EXPIRED yet (idx_leads_vendor_pending_created). */
const OVERDUE_COUNT = `(SELECT count(*) FROM leads l WHERE l.vendor_id = ${COUNTED_VENDOR} AND ${OVERDUE})`;

/** Open statuses set within the reminder age: not due yet (idx_leads_vendor_open_status_date). */
const NOT_DUE_COUNT = `(SELECT count(*) FROM leads l
  WHERE l.vendor_id = ${COUNTED_VENDOR} AND l.vendor_lead_action = '${LeadAction.Accept}' AND l.post_lead_status NOT IN (${FINAL_STATUSES})
    AND l.post_lead_status_date >= ${cutoff(':reminderAge')})`;

/**
 * Each filter's number of leads for the vendor, as an expression: ALL and ACCEPTED are stored counts;
 * REQUIRES_ATTENTION, which changes with the clock, is the stored NONE and open accepted leads less
 * what the clock has taken out of them since they were stored (both the rows of lately, not of years).
 */
const TOTALS: Record<LeadFilter, string> = {
  [LeadFilter.All]: stored('c.total'),
  [LeadFilter.Accepted]: stored('c.accepted'),
  [LeadFilter.RequiresAttention]: `(${stored('c.pending + c.open_accepted')} - ${OVERDUE_COUNT} - ${NOT_DUE_COUNT})`,
};

/** The day counts of the filters counted per day (the LeadDayCounts migration's `vendor_lead_days`). */
const DAY_COUNTS: Partial<Record<LeadFilter, string>> = {
  [LeadFilter.All]: 'd.total',
  [LeadFilter.Accepted]: 'd.accepted',
};

/**
 * The page's ids from the filter's day counts: the days summed from the newest until the page's
 * offset falls within one, then the filter's index read from that day's end (its UTC midnight, as the
 * counts take a lead's day), skipping the offset's remainder within the day.
 */
const dayCountedPage = (filter: LeadFilter, dayCount: string): string => `
        SELECT day_page.id FROM (
          SELECT counted.day, matching.page_offset - counted.before AS skip FROM (
            SELECT d.day, ${dayCount} AS leads, sum(${dayCount}) OVER (ORDER BY d.day DESC) - ${dayCount} AS before
            FROM vendor_lead_days d WHERE d.vendor_id = matching.vendor_id
          ) AS counted
          WHERE counted.before + counted.leads > matching.page_offset
          ORDER BY counted.day DESC
          LIMIT 1
        ) AS start
        CROSS JOIN LATERAL (
          SELECT l.id FROM leads l
          WHERE l.vendor_id = matching.vendor_id AND ${FILTERS[filter]}
            AND l.date_created < (start.day + 1)::timestamp AT TIME ZONE 'UTC'
          ORDER BY l.date_created DESC, l.id DESC
          LIMIT ${MAX_PAGE_SIZE} OFFSET start.skip
        ) AS day_page
        LIMIT matching.page_size`;

/**
 * The page's ids from the nearer end of the filter's index: a page in the older half is walked from
 * the oldest end (skipping total - offset - size entries instead of offset), which the exact total allows.
 */
const nearerEndPage = (filter: LeadFilter): string => `
        (SELECT newest_first.id FROM (
           SELECT l.id FROM leads l
           WHERE l.vendor_id = matching.vendor_id AND ${FILTERS[filter]} AND matching.page_offset <= matching.total / 2
           ORDER BY l.date_created DESC, l.id DESC
           LIMIT ${MAX_PAGE_SIZE} OFFSET matching.page_offset
         ) AS newest_first
         LIMIT matching.page_size)
        UNION ALL
        (SELECT oldest_first.id FROM (
           SELECT l.id FROM leads l
           WHERE l.vendor_id = matching.vendor_id AND ${FILTERS[filter]} AND matching.page_offset > matching.total / 2
           ORDER BY l.date_created, l.id
           LIMIT ${MAX_PAGE_SIZE} OFFSET greatest(matching.total - matching.page_offset - matching.page_size, 0)
         ) AS oldest_first
         LIMIT greatest(least(matching.page_size, matching.total - matching.page_offset), 0))`;

/** One page of a vendor's leads under a filter, with the filter's total; see `LEAD_SQL.list`. */
const listSql = (filter: LeadFilter): NamedSql => {
  const dayCount = DAY_COUNTS[filter];
  return new NamedSql(
    `
    SELECT matching.total, lead.*
    -- OFFSET 0 keeps the total a row of its own, computed once (pulled up, each use below would copy
    -- the count). The vendor, page size and offset are read from that row and each index walk is
    -- bounded by the largest page: no plan knows the request's values, so one plan serves (see cutoff, above).
    FROM (SELECT ${TOTALS[filter]} AS total, :vendorId::int AS vendor_id, :limit::bigint AS page_size,
                 :offset::bigint AS page_offset OFFSET 0) AS matching
    LEFT JOIN LATERAL (
      SELECT ${LEAD_VIEW_COLUMNS}
      FROM (${dayCount ? dayCountedPage(filter, dayCount) : nearerEndPage(filter)}
      ) AS page
      JOIN leads l ON l.id = page.id
    ) AS lead ON TRUE
    ORDER BY lead."dateCreated" DESC, lead.id DESC`,
    { prepare: true },
  );
};

export const LEAD_SQL = {
  /**
   * One page of a vendor's leads and the total, in one statement. The page takes only ids from the
   * filter's index (index-only) and reads the heap for those rows alone. ALL and ACCEPTED start from
   * their day counts: a page at any depth reads the vendor's days and at most one day's entries before
   * its own. REQUIRES_ATTENTION, which the clock changes and no stored count follows, walks its
   * entries from the nearer end: at most half of them. With no row on the page, one row carries the
   * total. :vendorId, :limit, :offset.
   */
  list: {
    [LeadFilter.All]: listSql(LeadFilter.All),
    [LeadFilter.Accepted]: listSql(LeadFilter.Accepted),
    [LeadFilter.RequiresAttention]: listSql(LeadFilter.RequiresAttention),
  } satisfies Record<LeadFilter, NamedSql>,

  /** The three filter counts in one statement. :vendorId. */
  filterCounts: new NamedSql(
    `
    SELECT ${TOTALS[LeadFilter.All]} AS "allLeadsCount",
           ${TOTALS[LeadFilter.Accepted]} AS "acceptedLeadsCount",
           ${TOTALS[LeadFilter.RequiresAttention]} AS "requiresAttentionLeadsCount"`,
    { prepare: true },
  ),

  /** :leadId, :vendorId. */
  findOne: new NamedSql(`SELECT ${LEAD_VIEW_COLUMNS} FROM leads l WHERE l.id = :leadId AND l.vendor_id = :vendorId`),

  /** Sets the viewed flag, and the first view's time, if it is not set yet. :leadId, :vendorId. */
  markViewed: new NamedSql(`
    UPDATE leads AS l
    SET vendor_notification_viewed = TRUE, first_viewed_at = :now::timestamptz, date_modified = :now::timestamptz
    WHERE l.id = :leadId AND l.vendor_id = :vendorId AND NOT l.vendor_notification_viewed
    RETURNING ${LEAD_VIEW_COLUMNS}`),

  /**
   * Accepts or declines a lead only if it is still pending: the condition and the change are one
   * statement, so of two concurrent calls exactly one finds the lead pending (the other waits for
   * the row lock, re-checks, and changes nothing). A lead decided without being opened was seen in the
   * list: the decision is its first view (a lead viewed before its view time was recorded keeps none).
   * :leadId, :vendorId, :action, :reason.
   */
  decide: new NamedSql(`
    UPDATE leads AS l
    SET vendor_lead_action = :action::lead_action, decline_reason = :reason, action_date = :now::timestamptz,
        date_modified = :now::timestamptz, vendor_notification_viewed = TRUE,
        first_viewed_at = CASE WHEN l.vendor_notification_viewed THEN l.first_viewed_at ELSE :now::timestamptz END
    WHERE l.id = :leadId AND l.vendor_id = :vendorId AND ${PENDING}
    RETURNING ${LEAD_VIEW_COLUMNS}`),

  /** The vendor's first message to the customer (docs/contract.md#lead-conversations), once. :leadId, :vendorId. */
  markMessaged: new NamedSql(`
    UPDATE leads AS l SET first_message_at = :now::timestamptz
    WHERE l.id = :leadId AND l.vendor_id = :vendorId AND l.first_message_at IS NULL`),

  /** Sets the status of an accepted lead. :leadId, :vendorId, :status. */
  setPostLeadStatus: new NamedSql(`
    UPDATE leads AS l
    SET post_lead_status = :status::post_lead_status, post_lead_status_date = :now::timestamptz,
        date_modified = :now::timestamptz
    WHERE l.id = :leadId AND l.vendor_id = :vendorId AND l.vendor_lead_action = '${LeadAction.Accept}'
    RETURNING ${LEAD_VIEW_COLUMNS}`),

  /** :vendorId and the lead's fields, named as `NewLead` names them. */
  insert: new NamedSql(`
    INSERT INTO leads AS l (vendor_id, category, customer_name, customer_email, customer_phone, customer_address,
                            project_details_html, original_job_description, customer_locale, source,
                            referred_by_name, referred_by_process_id, date_created, date_modified)
    VALUES (:vendorId, :category, :customerName, :customerEmail, :customerPhone, :customerAddress,
            :projectDetailsHtml, :originalJobDescription, :customerLocale, :source::lead_source,
            :referredByName, :referredByProcessId, :now, :now)
    RETURNING ${LEAD_VIEW_COLUMNS}`),

  /**
   * Stores EXPIRED on up to :batchSize overdue leads, oldest first, and answers them (for their events).
   * SKIP LOCKED: instances running the job together, or a vendor deciding the same lead right now,
   * never wait on each other; the decision's own condition already refuses an overdue lead.
   */
  expireOverdue: new NamedSql(`
    WITH due AS (
      SELECT l.id FROM leads l
      WHERE ${OVERDUE}
      ORDER BY l.date_created
      LIMIT :batchSize
      FOR UPDATE SKIP LOCKED
    )
    UPDATE leads AS l SET vendor_lead_action = '${LeadAction.Expired}', date_modified = ${EXPIRED_AT}
    FROM due
    WHERE l.id = due.id
    RETURNING ${LEAD_VIEW_COLUMNS}`),
};

export interface LeadTiming {
  /** A lead still NONE after this many hours is EXPIRED. */
  expiryHours: number;
  /** A non-final post-lead status set longer ago than this many days requires action again. */
  statusReminderDays: number;
}

/** A statement above with the rules' values (the clock's now and the timing) beside its own. */
export function leadStatement(
  timing: LeadTiming,
  now: Date,
  sql: NamedSql,
  values: Readonly<Record<string, unknown>>,
): Statement {
  return sql.bind({
    now,
    expiryAge: `${timing.expiryHours} hours`,
    reminderAge: `${timing.statusReminderDays} days`,
    ...values,
  });
}

/** One page of a vendor's leads with the filter's total (also run by the benchmark's baseline). */
export function leadListStatement(
  timing: LeadTiming,
  now: Date,
  vendorId: number,
  filter: LeadFilter,
  { page, size }: PageRequest,
): Statement {
  const values = { vendorId, limit: size, offset: page * size };
  return leadStatement(timing, now, LEAD_SQL.list[filter], values);
}

/** A vendor's number of leads per filter (also run by the benchmark's baseline). */
export function filterCountsStatement(timing: LeadTiming, now: Date, vendorId: number): Statement {
  return leadStatement(timing, now, LEAD_SQL.filterCounts, { vendorId });
}
