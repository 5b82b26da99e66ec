/**
 * Counting over a window from per-vendor, per-UTC-day rollups (see the KpiRollups migration), exactly:
 * the window's whole days are summed from the rollup, and only its partial first and last days are
 * counted from the rows. Statements built here take $1 = the vendor id and $2..$5 = `rollupBounds`:
 * from, until, the start of the first whole day and the end of the last one.
 */

/** The UTC calendar day of a timestamptz expression, as the rollups key their rows. */
const utcDay = (timestamp: string): string => `(${timestamp}::timestamptz AT TIME ZONE 'UTC')::date`;

/** The first whole day of the window, and the day after its last whole day. */
export const FIRST_DAY = utcDay('$4');
export const DAYS_END = utcDay('$5');

/**
 * The vendor's rows of a table whose time falls on the window's partial days: [from, first whole day)
 * and [end of whole days, until), which never overlap. Two range scans rather than one OR: a prepared
 * statement's generic plan turns the OR into a filter over every row of the vendor.
 */
export const rowsOnPartialDays = (table: string, column: string): string =>
  `(SELECT * FROM ${table} WHERE vendor_id = $1 AND ${column} >= $2 AND ${column} < $4
    UNION ALL
    SELECT * FROM ${table} WHERE vendor_id = $1 AND ${column} >= $5 AND ${column} < $3)`;

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
        started: `count(*) FILTER (WHERE ${end} IS NULL OR ${end} >= $3)`,
        ended: `-count(*) FILTER (WHERE ${start} >= $4 AND ${start} < $5)`,
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
      FROM (SELECT ${select('whole')} FROM ${rollup} WHERE vendor_id = $1 AND start_day < ${DAYS_END}) AS whole,
           (SELECT ${select('started')} FROM ${rowsOnPartialDays(table, start)} AS started_rows) AS started,
           (SELECT ${select('ended')} FROM ${rowsOnPartialDays(table, end)} AS ended_rows) AS ended`;
}
