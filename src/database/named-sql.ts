import type { QueryResultRow } from 'pg';
import type { Statement } from './statement';

/** `:name`, but not the second colon of a `::type` cast. */
const NAMED_PARAMETER = /(?<!:):([A-Za-z_]\w*)/g;

export interface NamedSqlOptions {
  /** Run as a named prepared statement (see `Statement.prepare`): for the hot reads. */
  prepare?: boolean;
  /**
   * The names numbered first, in this order (those the text uses), the others after them in order of
   * first use: statements built from shared fragments then keep one numbering (`$1` the vendor…),
   * which the plans' tests read.
   */
  numbering?: readonly string[];
}

/**
 * A statement of a module's `<module>.sql.ts`, written with named parameters (`:vendorId`), numbered
 * `$1`, `$2`… once, in the order the text first uses them, so a statement put together from shared
 * fragments takes exactly the values it uses, whichever fragments those come from. `Row` is the type
 * of the rows it answers. `bind` answers the `Statement` for `Sql`. A `::type` cast is not a
 * parameter; no string literal in the text may hold a `:word`.
 */
export class NamedSql<Row extends QueryResultRow = QueryResultRow> {
  readonly text: string;
  private readonly names: string[];

  constructor(
    sql: string,
    private readonly options: NamedSqlOptions = {},
  ) {
    const used = [...new Set(Array.from(sql.matchAll(NAMED_PARAMETER), ([, name]) => name))];
    const first = (options.numbering ?? []).filter((name) => used.includes(name));
    this.names = [...first, ...used.filter((name) => !first.includes(name))];
    this.text = sql.replace(NAMED_PARAMETER, (_whole, name: string) => `$${this.names.indexOf(name) + 1}`);
  }

  /** The statement with each name's value; a name without one is a mistake in the code. */
  bind(values: Readonly<Record<string, unknown>> = {}): Statement<Row> {
    return {
      ...(this.options.prepare && { prepare: true }),
      sql: this.text,
      parameters: this.names.map((name) => {
        if (!Object.hasOwn(values, name)) throw new Error(`No value for the SQL parameter :${name}.`);
        return values[name];
      }),
    };
  }
}
