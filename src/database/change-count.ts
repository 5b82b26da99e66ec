import { changeCountSql } from './database.sql';
import type { Sql } from './sql';

/**
 * A vendor's count of changes to the rows a remembered figure reads, kept by triggers in
 * `table`.`column`, and what those rows are: each table read, with the columns the figure's statements
 * read of it (its `vendor_id` first). The triggers count a row inserted or deleted, and an update that
 * changes one of those columns; test/database/counted-columns.e2e-spec.ts holds these lists against the
 * installed trigger functions and the statements, so a column read without its trigger fails there.
 */
export interface ChangeCounter {
  table: string;
  column: string;
  reads: { table: string; columns: readonly string[] }[];
}

/**
 * A vendor's count of changes (0 before its first change), as text: an int8 only ever compared with
 * the count read before, to know whether what was computed from the rows still holds.
 */
export async function changeCount(sql: Sql, counter: ChangeCounter, vendorId: number): Promise<string> {
  const [{ changes }] = await sql.rows(changeCountSql(counter.table, counter.column).bind({ vendorId }));
  return changes;
}
