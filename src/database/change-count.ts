import type { Sql } from './sql';

/**
 * A vendor's count of changes that triggers keep in `table`.`column` (0 before its first change), as
 * text: an int8 only ever compared with the count read before, to know whether what was computed from
 * the rows still holds.
 */
export async function changeCount(sql: Sql, table: string, column: string, vendorId: number): Promise<string> {
  const [{ changes }] = await sql.rows<{ changes: string }>({
    sql: `SELECT coalesce((SELECT ${column} FROM ${table} WHERE vendor_id = $1), 0)::text AS changes`,
    parameters: [vendorId],
    prepare: true,
  });
  return changes;
}
