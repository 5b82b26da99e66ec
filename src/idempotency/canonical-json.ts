/**
 * JSON text of a value with every object's keys in sorted order, so two bodies that are the same JSON
 * value (whatever their key order or spacing) give the same text. Values JSON.stringify leaves out or
 * turns into something else (`undefined`, `toJSON`) are treated as it treats them.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, current: unknown) =>
    current !== null && typeof current === 'object' && !Array.isArray(current)
      ? Object.fromEntries(Object.entries(current).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : current,
  );
}
