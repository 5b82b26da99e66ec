import { NamedSql } from './named-sql';
import type { Statement } from './statement';

/**
 * The statements of the database module itself: locks and the change counts the memos read (the
 * locks run on a query runner of their own, beside the service's data access; see docs/architecture.md).
 */
export const DATABASE_SQL = {
  /** Two-key transaction lock on (:space, :id). */
  lock: new NamedSql(`SELECT pg_advisory_xact_lock(:space, :id)`, { prepare: true }),

  /** Two-key transaction lock on (:space, the hash of the text :key). */
  lockText: new NamedSql(`SELECT pg_advisory_xact_lock(:space, hashtext(:key))`, { prepare: true }),

  /** One-key transaction lock :key, taken unless another transaction holds it. */
  tryLock: new NamedSql<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(:key) AS locked`),

  /** One-key transaction lock :key, waited for. */
  lockKey: new NamedSql(`SELECT pg_advisory_xact_lock(:key)`),
};

const changeCounts = new Map<string, NamedSql<{ changes: string }>>();

/**
 * :vendorId's count of changes kept in `table`.`column` (0 before its first change), as text: one
 * fixed text per counter (see `ChangeCounter`; the counters are constants), prepared.
 */
export function changeCountSql(table: string, column: string): NamedSql<{ changes: string }> {
  const text = `SELECT coalesce((SELECT ${column} FROM ${table} WHERE vendor_id = :vendorId), 0)::text AS changes`;
  let sql = changeCounts.get(text);
  if (sql === undefined) {
    sql = new NamedSql(text, { prepare: true });
    changeCounts.set(text, sql);
  }
  return sql;
}

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
