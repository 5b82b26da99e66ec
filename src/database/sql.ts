import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, Logger, Optional } from '@nestjs/common';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { performance } from 'node:perf_hooks';
import { SLOW_QUERY_MS } from './data-source.options';
import { PgPool } from './pg-pool';
import { type Statement, queryConfig } from './statement';
import { answeredByCaller } from './typeorm-logger';

export interface SqlResult<T> {
  rows: T[];
  /** Rows inserted, updated or deleted (or returned, for a SELECT). */
  rowCount: number;
}

/**
 * Every hand-written statement of every module goes through here (simple reads and writes use
 * TypeORM's entity API). Inside a transaction (`@Transactional()`, `TransactionHost.withTransaction`)
 * a statement runs on the transaction's own connection, which its query runner's documented
 * `connect()` answers, and commits or rolls back with it; outside one it goes straight to the
 * connection pool TypeORM opened (same connections, settings and type parsers). TypeORM's `query`
 * adds nothing these statements use and costs ~0.04 ms of CPU per query (measured on the lead list
 * under load), and cannot name a statement: one marked `prepare` runs as a named prepared statement
 * (see `queryConfig`), in a transaction or not. Slow and failed statements are logged as TypeORM logs
 * its own, without their parameters (customer contact details, tokens).
 */
@Injectable()
export class Sql {
  private readonly logger = new Logger('SQL');

  constructor(
    private readonly pgPool: PgPool,
    // Absent only where scripts build one by hand, outside any transaction.
    @Optional() private readonly txHost?: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {}

  /** The statement's rows (those a SELECT finds, or those an INSERT, UPDATE or DELETE returns). */
  async rows<T extends QueryResultRow>(statement: Statement<T>): Promise<T[]> {
    return (await this.run<T>(statement)).rows;
  }

  /** The statement's rows and the number of rows it inserted, updated or deleted (or found). */
  async run<T extends QueryResultRow>(statement: Statement<T>): Promise<SqlResult<T>> {
    const transaction = this.txHost?.isTransactionActive() ? this.txHost.tx.queryRunner : undefined;
    const client: Pick<Pool, 'query'> = transaction ? ((await transaction.connect()) as PoolClient) : this.pgPool.pool;
    const started = performance.now();
    const result = await client.query<T>(queryConfig(statement)).catch((error: unknown) => {
      if (answeredByCaller(error)) {
        this.logger.debug(`Constraint violation answered by its caller: ${String(error)}; query: ${statement.sql}`);
      } else {
        this.logger.error(`Statement failed (${String(error)}): ${statement.sql}`);
      }
      throw error;
    });
    const ms = performance.now() - started;
    if (ms > SLOW_QUERY_MS) this.logger.warn(`Slow statement (${ms.toFixed(0)} ms): ${statement.sql}`);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  }
}
