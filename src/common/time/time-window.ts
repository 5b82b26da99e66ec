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
