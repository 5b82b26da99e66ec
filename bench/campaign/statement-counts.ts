import { Client } from 'pg';

/** One statement as pg_stat_statements counted it over the campaign. */
export interface CountedStatement {
  perRequest: number;
  rowsPerCall: number;
  meanMs: number;
  query: string;
}

/**
 * The statements of a run, where the server loads pg_stat_statements (`shared_preload_libraries`,
 * which needs a restart, so a server of the benchmark's own: TEST_DATABASE_URL): what one request with
 * its two messages runs, each statement by its normalized text. Undefined on a server without it.
 */
export async function statementCounter(url: string): Promise<StatementCounter | undefined> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ loaded: string }>(
    `SELECT current_setting('shared_preload_libraries') AS loaded`,
  );
  if (!rows[0].loaded.split(',').some((library) => library.trim() === 'pg_stat_statements')) {
    await client.end();
    return undefined;
  }
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  return new StatementCounter(client);
}

export class StatementCounter {
  constructor(private readonly client: Client) {}

  /** Starts counting from nothing (the set-up's statements left out). */
  async reset(): Promise<void> {
    await this.client.query('SELECT pg_stat_statements_reset()');
  }

  /** The statements run in this database since the reset, per accepted request, most frequent first. */
  async perRequest(accepted: number): Promise<CountedStatement[]> {
    const { rows } = await this.client.query<{ calls: string; rows: string; total: number; query: string }>(
      `SELECT s.calls, s.rows, s.total_exec_time AS total, s.query FROM pg_stat_statements s
         JOIN pg_database d ON d.oid = s.dbid
        WHERE d.datname = current_database() AND s.query NOT LIKE '%pg_stat_statements%'
        ORDER BY s.calls DESC`,
    );
    return rows
      .map((row) => ({
        perRequest: Number(row.calls) / accepted,
        rowsPerCall: Number(row.rows) / Number(row.calls),
        meanMs: row.total / Number(row.calls),
        query: row.query.replace(/\s+/g, ' ').trim(),
      }))
      .filter(({ perRequest }) => perRequest >= 0.005);
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

/** The statements as a table, with their total per request. */
export function statementTable(statements: CountedStatement[]): string {
  const total = statements.reduce((sum, { perRequest }) => sum + perRequest, 0);
  return [
    `${total.toFixed(2)} statements per request with its two messages (pg_stat_statements):`,
    '| per request | rows per call | mean ms | statement |',
    '|--:|--:|--:|---|',
    ...statements.map(
      ({ perRequest, rowsPerCall, meanMs, query }) =>
        `| ${perRequest.toFixed(2)} | ${rowsPerCall.toFixed(2)} | ${meanMs.toFixed(3)} | ${query.slice(0, 160)} |`,
    ),
  ].join('\n');
}
