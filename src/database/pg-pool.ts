import { Injectable } from '@nestjs/common';
import * as pg from 'pg';
import { TracedPgClient } from '../common/tracing/traced-pg-client';
import { tracingOn } from '../common/tracing/tracing';

/**
 * The `pg` connection pool TypeORM opens, held for `Sql`. TypeORM takes the driver module through its
 * documented `driver` option; handing it `pg` with a Pool that reports itself here gives the hot paths
 * the very pool (connections, settings, type parsers) without reading TypeORM's internals.
 */
@Injectable()
export class PgPool {
  private current?: pg.Pool;

  /** The `pg` module as TypeORM's `driver` option: everything of `pg`, with a Pool that registers here. */
  driver(): typeof pg {
    const opened = (pool: pg.Pool): void => {
      this.current = pool;
    };
    class ReportedPool extends pg.Pool {
      constructor(config?: pg.PoolConfig) {
        // With tracing on, each connection a Client that traces its statements; off, pg's own (no cost).
        super(tracingOn() ? { ...config, Client: TracedPgClient } : config);
        opened(this);
      }
    }
    return Object.create(pg, { Pool: { value: ReportedPool } }) as typeof pg;
  }

  get pool(): pg.Pool {
    if (!this.current) throw new Error('The database pool is not open yet.');
    return this.current;
  }
}
