import type { Statement } from './statement';

/** `:name`, but not the second colon of a `::type` cast. */
const NAMED_PARAMETER = /(?<!:):([A-Za-z_]\w*)/g;

/**
 * SQL written with named parameters (`:vendorId`), numbered `$1`, `$2`… once, in the order the text
 * first uses them, so a statement put together from shared fragments takes exactly the values it
 * uses, whichever fragments those come from. `bind` answers the `Statement` for `Sql`. A `::type`
 * cast is not a parameter; no string literal in the text may hold a `:word`.
 */
export class NamedSql {
  readonly text: string;
  private readonly names: string[] = [];

  constructor(sql: string) {
    this.text = sql.replace(NAMED_PARAMETER, (_whole, name: string) => {
      if (!this.names.includes(name)) this.names.push(name);
      return `$${this.names.indexOf(name) + 1}`;
    });
  }

  /** The statement with each name's value; a name without one is a mistake in the code. */
  bind(values: Readonly<Record<string, unknown>>): Statement {
    return {
      sql: this.text,
      parameters: this.names.map((name) => {
        if (!Object.hasOwn(values, name)) throw new Error(`No value for the SQL parameter :${name}.`);
        return values[name];
      }),
    };
  }
}
