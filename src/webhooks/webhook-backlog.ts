import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import { type PausedEndpoints, type UndeliveredEvents, WEBHOOK_BACKLOG_SQL } from './webhook-backlog.sql';

/** What waits in the webhook outbox and which endpoints are paused, for the metrics scrape. */
@Injectable()
export class WebhookBacklog {
  constructor(private readonly sql: Sql) {}

  undelivered(): Promise<UndeliveredEvents[]> {
    return this.sql.rows(WEBHOOK_BACKLOG_SQL.undelivered.bind());
  }

  pausedEndpoints(): Promise<PausedEndpoints[]> {
    return this.sql.rows(WEBHOOK_BACKLOG_SQL.paused.bind());
  }
}
