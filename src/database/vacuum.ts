import type { Statement } from './statement';

/**
 * `VACUUM` (not `FULL`: no exclusive lock, reads and writes go on) of `tables`, removing the old
 * versions of the rows changed and, with `INDEX_CLEANUP ON`, the index entries that point to them
 * even when they are few (PostgreSQL skips them by default then, and an index on an e-mail would keep
 * it). Runs outside any transaction. Table names come from the code, never from input.
 */
export function vacuumStatement(tables: readonly string[]): Statement {
  const names = tables.map((table) => `"${table.replace(/"/g, '""')}"`).join(', ');
  return { sql: `VACUUM (INDEX_CLEANUP ON) ${names}`, parameters: [] };
}
