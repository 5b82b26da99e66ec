/** A SQL statement as a repository runs it: what EXPLAIN scripts and the benchmark's baseline reuse. */
export interface Statement {
  sql: string;
  parameters: unknown[];
}
