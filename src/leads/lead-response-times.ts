import { invalidRequest } from '../common/validation/invalid-request';
import { queryWindow } from '../common/time/window-bounds';

/** What GET /general-leads/response-times answers (docs/contract.md#speed-to-lead). */
export interface LeadResponseTimes {
  leadsAssigned: number;
  leadsViewed: number;
  leadsActioned: number;
  leadsExpired: number;
  medianMinutesToView: number | null;
  medianMinutesToAction: number | null;
  p90MinutesToAction: number | null;
  medianMinutesToFirstMessage: number | null;
  actionedWithin1HourPercent: number | null;
  actionedWithin24HoursPercent: number | null;
}

const DAY_MS = 86_400_000;
export const DEFAULT_WINDOW_DAYS = 90;
export const MAX_WINDOW_DAYS = 366;

/** The window of the figures: [from, until), and which of its bounds follow the clock. */
export interface ResponseTimesWindow {
  from: Date;
  until: Date;
  /** No `from` and no `to`: the start is 90 days before now, and moves with it. */
  startMoves: boolean;
  /** No `to`: the window ends now. */
  endsNow: boolean;
}

/**
 * The window of the figures: `to` absent is now, `from` absent is 90 days before `to`; a bad date,
 * from after to, or a window over 366 days is a 400.
 */
export function responseTimesWindow(from: string | undefined, to: string | undefined, now: Date): ResponseTimesWindow {
  const asked = queryWindow(from, to);
  const until = asked.until ?? now;
  const since = asked.from ?? new Date(until.getTime() - DEFAULT_WINDOW_DAYS * DAY_MS);
  if (since >= until) {
    throw invalidRequest([{ field: 'from', message: 'from must not be after to' }]);
  }
  if (until.getTime() - since.getTime() > MAX_WINDOW_DAYS * DAY_MS) {
    const message = `the window from from to to must not be longer than ${MAX_WINDOW_DAYS} days`;
    throw invalidRequest([{ field: 'to', message }]);
  }
  return { from: since, until, startMoves: !asked.from && !asked.until, endsNow: !asked.until };
}
