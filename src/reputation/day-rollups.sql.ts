import { type TimeWindow, rollupBounds } from '../common/time/time-window';

/**
 * Counting over a window from per-vendor, per-UTC-day rollups (see the KpiRollups migration), exactly:
 * the window's whole days are summed from the rollup, and only its partial first and last days are
 * counted from the rows. Fragments built here take :vendorId and `rollupValues`: :from, :until, the
 * start of the first whole day :firstDay and the end of the last one :daysEnd, numbered $1..$5 in that
 * order (`ROLLUP_NUMBERING`).
 */

export const ROLLUP_NUMBERING = ['vendorId', 'from', 'until', 'firstDay', 'daysEnd'] as const;

/** The values the fragments below take, for a vendor and a window. */
export function rollupValues(vendorId: number, window: TimeWindow): Record<(typeof ROLLUP_NUMBERING)[number], unknown> {
  const [from, until, firstDay, daysEnd] = rollupBounds(window);
  return { vendorId, from, until, firstDay, daysEnd };
}

/** The UTC calendar day of a timestamptz expression, as the rollups key their rows. */
const utcDay = (timestamp: string): string => `(${timestamp}::timestamptz AT TIME ZONE 'UTC')::date`;

/** The first whole day of the window, and the day after its last whole day. */
export const FIRST_DAY = utcDay(':firstDay');
export const DAYS_END = utcDay(':daysEnd');

/**
 * The vendor's rows of a table whose time falls on the window's partial days: [from, first whole day)
 * and [end of whole days, until), which never overlap. Two range scans rather than one OR: a prepared
 * statement's generic plan turns the OR into a filter over every row of the vendor.
 */
export const rowsOnPartialDays = (table: string, column: string): string =>
  `(SELECT * FROM ${table} WHERE vendor_id = :vendorId AND ${column} >= :from AND ${column} < :firstDay
    UNION ALL
    SELECT * FROM ${table} WHERE vendor_id = :vendorId AND ${column} >= :daysEnd AND ${column} < :until)`;

/**
 * A table whose rows start and may end (a process, a request), and its rollup: the number of rows per
 * vendor, start day, end day ('infinity' while open) and the kind columns the counts tell apart,
 * named alike in both. Every row ends at or after it starts.
 */
export interface SpanTable {
  table: string;
  rollup: string;
  start: string;
  end: string;
}

/**
 * What a count counts: `started` the rows started in the window; `open` those of them not ended by its
 * end; `{ ended }` the rows ended in the window meeting a condition on the kind columns.
 */
export type SpanCount = 'started' | 'open' | { ended: string };

/**
 * One statement answering the counts by name (each an int8). Each count is the sum of three parts: the
 * rollup's rows of the whole days; the rows started on a partial day; and the rows ended on a partial
 * day (of which `open` takes away those started on a whole day and ended on the last partial day, as
 * the rollup cannot tell them from those open at the window's end).
 */
export function spanCountsSql({ table, rollup, start, end }: SpanTable, counts: Record<string, SpanCount>): string {
  const sum = (condition: string) => `coalesce(sum(n) FILTER (WHERE ${condition}), 0)`;
  const parts = Object.entries(counts).map(([name, count]) => {
    if (count === 'started') return { name, whole: sum(`start_day >= ${FIRST_DAY}`), started: 'count(*)', ended: '0' };
    if (count === 'open') {
      return {
        name,
        whole: sum(`start_day >= ${FIRST_DAY} AND end_day >= ${DAYS_END}`),
        started: `count(*) FILTER (WHERE ${end} IS NULL OR ${end} >= :until)`,
        ended: `-count(*) FILTER (WHERE ${start} >= :firstDay AND ${start} < :daysEnd)`,
      };
    }
    return {
      name,
      whole: sum(`end_day >= ${FIRST_DAY} AND end_day < ${DAYS_END} AND ${count.ended}`),
      started: '0',
      ended: `count(*) FILTER (WHERE ${count.ended})`,
    };
  });
  const select = (part: 'whole' | 'started' | 'ended') =>
    parts.map((counted) => `${counted[part]} AS "${counted.name}"`).join(', ');
  return `
    SELECT ${parts.map(({ name }) => `whole."${name}" + started."${name}" + ended."${name}" AS "${name}"`).join(',\n           ')}
      FROM (SELECT ${select('whole')} FROM ${rollup} WHERE vendor_id = :vendorId AND start_day < ${DAYS_END}) AS whole,
           (SELECT ${select('started')} FROM ${rowsOnPartialDays(table, start)} AS started_rows) AS started,
           (SELECT ${select('ended')} FROM ${rowsOnPartialDays(table, end)} AS ended_rows) AS ended`;
}
