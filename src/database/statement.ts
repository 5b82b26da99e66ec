import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';

/**
 * A SQL statement as a repository runs it (`NamedSql.bind` answers it): what EXPLAIN scripts and the
 * benchmark's baseline reuse.
 */
export interface Statement<Row = unknown> {
  sql: string;
  parameters: unknown[];
  /**
   * Run as a named prepared statement: each pooled connection parses and plans it once, then only
   * binds and executes it. For the hot reads, whose text is fixed (only the parameters vary): each
   * distinct text is one more statement every connection keeps.
   */
  prepare?: boolean;
  /**
   * Never set: the type of the rows the statement answers, for `Sql.rows` to infer (a method, whose
   * parameter is bivariant: a statement of unknown rows is still run for the rows its caller names).
   */
  rowType?(row: Row): void;
}

const names = new Map<string, string>();

/**
 * What `pg` is given for a statement, by `Sql` and the benchmark's baseline alike: a prepared one is
 * named after a hash of its text, so one name never stands for two texts.
 */
export function queryConfig({ sql, parameters, prepare }: Statement): QueryConfig {
  if (!prepare) return { text: sql, values: parameters };
  let name = names.get(sql);
  if (name === undefined) {
    name = `s_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
    names.set(sql, name);
  }
  return { name, text: sql, values: parameters };
}
