import { NamedSql } from '../database/named-sql';

/** Undelivered events of enabled or of paused endpoints: how many, and the oldest one's age. */
export interface UndeliveredEvents {
  enabled: boolean;
  count: number;
  oldestSeconds: number;
}

/** Endpoints paused after failing in a row, or by their owner. */
export interface PausedEndpoints {
  afterFailures: boolean;
  count: number;
}

export const WEBHOOK_BACKLOG_SQL = {
  /**
   * The waiting deliveries by their endpoint's state, counted on idx_webhook_deliveries_due (waiting
   * rows only); ids grow with time, so the oldest is the smallest id, read by its key.
   */
  undelivered: new NamedSql<UndeliveredEvents>(`
    WITH waiting AS (
      SELECT e.enabled, count(*)::int AS count, min(d.id) AS oldest_id
        FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.status = 'PENDING'
       GROUP BY e.enabled)
    SELECT w.enabled, w.count, extract(epoch FROM now() - o.created_at)::float8 AS "oldestSeconds"
      FROM waiting w JOIN webhook_deliveries o ON o.id = w.oldest_id`),

  /** The paused endpoints (idx_webhook_endpoints_paused): a reason is written only when failures paused it. */
  paused: new NamedSql<PausedEndpoints>(`
    SELECT disabled_reason IS NOT NULL AS "afterFailures", count(*)::int AS count
      FROM webhook_endpoints WHERE NOT enabled
     GROUP BY 1`),
};
