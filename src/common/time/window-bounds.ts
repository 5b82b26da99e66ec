import { DomainError } from '../errors/domain-error';
import { invalidRequest } from '../validation/invalid-request';
import type { TimeWindow } from './time-window';

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const DAY_MS = 86_400_000;

/**
 * The instant a query bound stands for: a date alone is the start of that UTC day (`from`) or the
 * start of the next one (`to`, so the whole day is in); a date-time is taken to the millisecond, UTC
 * when it has no zone, and `to` includes its millisecond. Null for an impossible date or time.
 */
export function parseBound(value: string, bound: 'from' | 'to'): Date | null {
  const [, year, month, day] = DATE.exec(value) ?? [];
  if (!year || Number(year) < 1) return null;
  // setUTCFullYear, unlike Date.UTC, does not read years 0..99 as 1900..1999.
  const calendar = new Date(0);
  calendar.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  // 2026-02-30 rolls over to March; a real date survives the round trip.
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return null;
  const midnight = calendar.getTime();
  if (value.length === 10) return new Date(bound === 'from' ? midnight : midnight + DAY_MS);

  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`;
  const time = /T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value)!;
  const [hours, minutes, seconds = '0'] = time.slice(1);
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  const instant = Date.parse(zoned);
  if (Number.isNaN(instant)) return null;
  return new Date(bound === 'from' ? instant : instant + 1);
}

/** The window a query's `from` and `to` give (open where absent); an impossible date or from after to is a 400. */
export function queryWindow(from?: string, to?: string): TimeWindow {
  const window: TimeWindow = { from: null, until: null };
  const details = [];
  if (from !== undefined) {
    window.from = parseBound(from, 'from');
    if (!window.from) details.push({ field: 'from', message: `from is not a real date or time: ${from}` });
  }
  if (to !== undefined) {
    window.until = parseBound(to, 'to');
    if (!window.until) details.push({ field: 'to', message: `to is not a real date or time: ${to}` });
  }
  if (details.length) throw invalidRequest(details);
  if (window.from && window.until && window.from >= window.until) {
    throw DomainError.invalid('Invalid request: from must not be after to.', [
      { field: 'from', message: 'from must not be after to' },
    ]);
  }
  return window;
}
