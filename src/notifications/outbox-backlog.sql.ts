import { NamedSql } from '../database/named-sql';
import type { NotificationChannel, NotificationPurpose } from './notification.types';

/** The messages waiting of one channel and purpose, held by quiet hours or due, and the oldest one's wait. */
export interface WaitingMessages {
  channel: NotificationChannel;
  purpose: NotificationPurpose;
  /** Not yet due: its first attempt waits for the end of the vendor's quiet hours. */
  held: boolean;
  count: number;
  oldestSeconds: number;
}

export const OUTBOX_BACKLOG_SQL = {
  /**
   * Every waiting message counted, in one pass over the waiting rows only (idx_notification_outbox_due,
   * partial on them). A message never tried whose first attempt is still ahead is held (quiet hours); its
   * wait counts from its creation. Any other waits since it was due: a first attempt's due time, or
   * the creation of one already tried.
   */
  waiting: new NamedSql<WaitingMessages>(`
    SELECT channel, purpose, held, count(*)::int AS count,
           extract(epoch FROM now() - min(waiting_since))::float8 AS "oldestSeconds"
      FROM (SELECT channel, purpose, attempts = 0 AND next_attempt_at > now() AS held,
                   CASE WHEN attempts = 0 AND next_attempt_at <= now() THEN next_attempt_at ELSE created_at END
                     AS waiting_since
              FROM notification_outbox WHERE status = 'PENDING') AS waiting
     GROUP BY channel, purpose, held`),
};
