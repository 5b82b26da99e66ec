import { NamedSql } from '../database/named-sql';
import type { Statement } from '../database/statement';
import type { ProcessReminder } from './entities/process-reminder.entity';

const CLAIM_DUE_REMINDERS = new NamedSql<ProcessReminder>(`
  SELECT process_id AS "processId", vendor_id AS "vendorId", request_id AS "requestId", channels, due_at AS "dueAt",
         outcome, settled_at AS "settledAt"
  FROM process_reminders
  WHERE outcome IS NULL AND due_at <= :now
  ORDER BY due_at
  LIMIT :limit
  FOR UPDATE SKIP LOCKED`);

/**
 * Up to `limit` waiting reminders due at `now`, oldest first, locked to the end of the transaction;
 * rows another transaction holds are skipped (it is sending them). The partial index on due_at, nothing
 * else read (the benchmark explains it).
 */
export function claimDueRemindersStatement(now: Date, limit: number): Statement<ProcessReminder> {
  return CLAIM_DUE_REMINDERS.bind({ now, limit });
}

export const REPUTATION_SQL = {
  /** Whether the process :processId has an event of one of the :types. */
  customerActed: new NamedSql<{ acted: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM reputation_events WHERE process_id = :processId AND type = ANY(:types)) AS acted`,
  ),

  /** Which of the :contacts opted out of :vendorId's messages. */
  optedOut: new NamedSql<{ contact: string }>(
    `SELECT contact FROM contact_opt_outs WHERE vendor_id = :vendorId AND contact = ANY(:contacts)`,
  ),

  /** The :contacts opted out of :vendorId's messages, those that were already kept as they were. */
  optOut: new NamedSql(`
    INSERT INTO contact_opt_outs (vendor_id, contact) SELECT :vendorId, unnest(:contacts::varchar[])
    ON CONFLICT DO NOTHING`),

  /** The keyed hashes :hashes suppressed, for every vendor. */
  suppress: new NamedSql(
    `INSERT INTO contact_suppressions (contact_hash) SELECT unnest(:hashes::varchar[]) ON CONFLICT DO NOTHING`,
  ),

  /** Which of the :hashes are suppressed. */
  suppressed: new NamedSql<{ hash: string }>(
    `SELECT contact_hash AS hash FROM contact_suppressions WHERE contact_hash = ANY(:hashes::varchar[])`,
  ),
};
