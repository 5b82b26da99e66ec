import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import { OUTBOX_BACKLOG_SQL, type WaitingMessages } from './outbox-backlog.sql';

/** What waits in the outbox, for the metrics scrape (never on a request's path). */
@Injectable()
export class OutboxBacklog {
  constructor(private readonly sql: Sql) {}

  waiting(): Promise<WaitingMessages[]> {
    return this.sql.rows(OUTBOX_BACKLOG_SQL.waiting.bind());
  }
}
