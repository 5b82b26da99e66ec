import type { ChangeCounter } from '../database/change-count';
import { NamedSql } from '../database/named-sql';
import type { Statement } from '../database/statement';
import { LeadAction } from './entities/lead.entity';
import type { ResponseTimesWindow } from './lead-response-times';
import { type LeadTiming, OVERDUE, leadStatement } from './leads.sql';

/**
 * What the figures below read of `leads`, and the count of changes to it that the `LeadTimingChanges`
 * triggers keep per vendor: the memo's figures hold while that count stands.
 */
export const RESPONSE_TIMES_CHANGES: ChangeCounter = {
  table: 'vendor_lead_counts',
  column: 'timing_changes',
  reads: [
    {
      table: 'leads',
      columns: [
        'vendor_id',
        'date_created',
        'vendor_lead_action',
        'first_viewed_at',
        'action_date',
        'first_message_at',
      ],
    },
  ],
};

/** Minutes from a lead's assignment to a later time, as float8 (what the percentiles take). */
const minutesAfterAssignment = (column: string): string => `date_part('epoch', ${column} - l.date_created) / 60`;

/** Answered (accepted or declined), whenever: leads from before view times were recorded count too. */
const ACTIONED = `l.vendor_lead_action IN ('${LeadAction.Accept}', '${LeadAction.Decline}')`;

/** The vendor's leads assigned in the window [:from, :until). */
const IN_WINDOW = `l.vendor_id = :vendorId AND l.date_created >= :from AND l.date_created < :until`;

/**
 * The response-time figures of :vendorId over the leads assigned in [:from, :until) (docs/contract.md#speed-to-lead), in
 * one pass over the vendor's window of the covering index `idx_leads_vendor_response_times`
 * (index-only). A late lead: actioned, or assigned more than the hour (the 24 hours) before now. One
 * decimal; null when nothing counts (percentile_cont of no rows, a percent of no late lead). Hours,
 * not days, in every interval: an hour is the same length in every time zone, which
 * `RESPONSE_TIMES_VALID_UNTIL` relies on.
 */
const RESPONSE_TIMES = new NamedSql(
  `
  SELECT figures.assigned AS "leadsAssigned", figures.viewed AS "leadsViewed",
         figures.actioned AS "leadsActioned", figures.expired AS "leadsExpired",
         round(figures.view_median::numeric, 1)::float8 AS "medianMinutesToView",
         round(figures.action_percentiles[1]::numeric, 1)::float8 AS "medianMinutesToAction",
         round(figures.action_percentiles[2]::numeric, 1)::float8 AS "p90MinutesToAction",
         round(figures.first_message_median::numeric, 1)::float8 AS "medianMinutesToFirstMessage",
         round(100 * figures.within_hour::numeric / nullif(figures.late_after_hour, 0), 1)::float8
           AS "actionedWithin1HourPercent",
         round(100 * figures.within_day::numeric / nullif(figures.late_after_day, 0), 1)::float8
           AS "actionedWithin24HoursPercent"
  FROM (
    SELECT count(*)::int AS assigned,
           count(timed.to_view)::int AS viewed,
           count(timed.to_action)::int AS actioned,
           count(*) FILTER (WHERE timed.expired)::int AS expired,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY timed.to_view) AS view_median,
           percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY timed.to_action) AS action_percentiles,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY timed.to_first_message) AS first_message_median,
           count(*) FILTER (WHERE timed.to_action <= 60) AS within_hour,
           count(*) FILTER (WHERE timed.to_action IS NOT NULL OR timed.older_than_hour) AS late_after_hour,
           count(*) FILTER (WHERE timed.to_action <= 1440) AS within_day,
           count(*) FILTER (WHERE timed.to_action IS NOT NULL OR timed.older_than_day) AS late_after_day
    FROM (
      SELECT ${minutesAfterAssignment('l.first_viewed_at')} AS to_view,
             CASE WHEN ${ACTIONED} THEN ${minutesAfterAssignment('l.action_date')} END AS to_action,
             ${minutesAfterAssignment('l.first_message_at')} AS to_first_message,
             (l.vendor_lead_action = '${LeadAction.Expired}' OR ${OVERDUE}) AS expired,
             l.date_created < :now::timestamptz - interval '1 hour' AS older_than_hour,
             l.date_created < :now::timestamptz - interval '24 hours' AS older_than_day
      FROM leads l
      WHERE ${IN_WINDOW}
    ) AS timed
  ) AS figures`,
  { prepare: true },
);

/** The first lead of the window (by assignment) meeting the condition: the instant it meets, plus age. */
const firstFlip = (age: string, condition: string): string => `
  (SELECT l.date_created + ${age} FROM leads l
    WHERE ${IN_WINDOW} AND ${condition}
    ORDER BY l.date_created LIMIT 1)`;

/**
 * The earliest instant from :now at which `RESPONSE_TIMES` of the same window would answer otherwise
 * without any change to a lead (null: none): the first instant, from now, at which a lead of the window
 * unanswered and not yet late turns an hour (24 hours) old, a lead still NONE reaches the expiry age, the
 * oldest lead leaves a window whose start follows now (:windowLength, null for a fixed start), or a lead
 * dated after now enters a window that ends now (:endsNow). Each is the first entry of an index walk
 * on (vendor_id, date_created).
 */
const RESPONSE_TIMES_VALID_UNTIL = new NamedSql(
  `
  SELECT least(
    ${firstFlip(`interval '1 hour'`, `l.date_created >= :now::timestamptz - interval '1 hour' AND NOT ${ACTIONED}`)},
    ${firstFlip(`interval '24 hours'`, `l.date_created >= :now::timestamptz - interval '24 hours' AND NOT ${ACTIONED}`)},
    ${firstFlip(
      ':expiryAge::interval',
      `l.date_created > :now::timestamptz - :expiryAge::interval AND l.vendor_lead_action = '${LeadAction.None}'`,
    )},
    ${firstFlip(':windowLength::interval', ':windowLength::interval IS NOT NULL')},
    (SELECT l.date_created FROM leads l
      WHERE :endsNow AND l.vendor_id = :vendorId AND l.date_created >= :until
      ORDER BY l.date_created LIMIT 1)
  ) AS "validUntil"`,
  { prepare: true },
);

/** A vendor's response-time figures over a window (also run by the benchmark's baseline). */
export function responseTimesStatement(
  timing: LeadTiming,
  now: Date,
  vendorId: number,
  window: { from: Date; until: Date },
): Statement {
  const values = { vendorId, from: window.from, until: window.until };
  return leadStatement(timing, now, RESPONSE_TIMES, values);
}

/** Until when the figures of the window hold, leads unchanged; see `RESPONSE_TIMES_VALID_UNTIL`. */
export function responseTimesValidUntilStatement(
  timing: LeadTiming,
  now: Date,
  vendorId: number,
  window: ResponseTimesWindow,
): Statement {
  const windowLength = window.startMoves ? `${window.until.getTime() - window.from.getTime()} milliseconds` : null;
  const values = { vendorId, from: window.from, until: window.until, windowLength, endsNow: window.endsNow };
  return leadStatement(timing, now, RESPONSE_TIMES_VALID_UNTIL, values);
}
