/** A half-open interval [from, until) of times; null bounds are open. */
export interface TimeWindow {
  from: Date | null;
  until: Date | null;
}

/** The window's bounds as statement parameters: open bounds as PostgreSQL's infinities keep one plan shape. */
export const windowBounds = (window: TimeWindow): [Date | string, Date | string] => [
  window.from ?? '-infinity',
  window.until ?? 'infinity',
];

const DAY_MS = 86_400_000;

/**
 * The window's bounds, then the start of its first whole UTC day and the end of its last one: the
 * whole days are read from day rollups and only [from, first day) and [end of days, until) from the
 * rows (see src/reputation/day-rollups.sql.ts). A window inside one day has no whole day: both are then
 * `until`, so the rows answer [from, until) alone.
 */
export function rollupBounds(window: TimeWindow): [Date | string, Date | string, Date | string, Date | string] {
  const firstDay = window.from ? new Date(Math.ceil(window.from.getTime() / DAY_MS) * DAY_MS) : '-infinity';
  const daysEnd = window.until ? new Date(Math.floor(window.until.getTime() / DAY_MS) * DAY_MS) : 'infinity';
  const noWholeDay = firstDay instanceof Date && daysEnd instanceof Date && firstDay > daysEnd;
  return [...windowBounds(window), noWholeDay ? window.until! : firstDay, noWholeDay ? window.until! : daysEnd];
}
