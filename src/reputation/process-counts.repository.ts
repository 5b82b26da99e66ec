import { Injectable } from '@nestjs/common';
import type { TimeWindow } from '../common/time/time-window';
import { changeCount } from '../database/change-count';
import { Sql } from '../database/sql';
import { type Counts, PROCESS_COUNTS_CHANGES, processCountStatements } from './process-counts.sql';

/** The KPI counts of the core's tables (hand-written: a measured hot path). */
@Injectable()
export class ProcessCountsRepository {
  constructor(private readonly sql: Sql) {}

  /** Both statements side by side on two pooled connections. */
  async count(vendorId: number, window: TimeWindow): Promise<Counts> {
    const rows = await Promise.all(
      processCountStatements(vendorId, window).map((statement) => this.sql.rows(statement)),
    );
    return Object.assign({}, ...rows.map(([row]) => row)) as Counts;
  }

  /** How many times the rows these counts read changed (the `KpiChanges` triggers count them). */
  changes(vendorId: number): Promise<string> {
    return changeCount(this.sql, PROCESS_COUNTS_CHANGES, vendorId);
  }
}
