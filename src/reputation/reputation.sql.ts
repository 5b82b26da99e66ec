import { NamedSql } from '../database/named-sql';
import type { Statement } from '../database/statement';
import type { OptOutRecord } from '../notifications/notification.types';
import type { ProcessReminder } from './entities/process-reminder.entity';
import type { ReputationEvent } from './entities/reputation-event.entity';
import type { ReputationProcess } from './entities/reputation-process.entity';

export type ProcessRecord = Pick<
  ReputationProcess,
  | 'id'
  | 'vendorId'
  | 'origin'
  | 'state'
  | 'step'
  | 'firstName'
  | 'email'
  | 'phone'
  | 'privateFeedback'
  | 'startedAt'
  | 'endedAt'
  | 'optedOutAt'
>;
export type ProcessEventRecord = Pick<
  ReputationEvent,
  'id' | 'processId' | 'type' | 'occurredAt' | 'rating' | 'wouldRefer' | 'platform' | 'channel'
>;

const PROCESS_COLUMNS = `id, vendor_id AS "vendorId", origin, state, step, first_name AS "firstName", email, phone,
  private_feedback AS "privateFeedback", started_at AS "startedAt", ended_at AS "endedAt", opted_out_at AS "optedOutAt"`;

/** A process as stored: every column, as the entity names them. */
export type StoredProcess = Omit<ReputationProcess, 'vendor'>;

const STORED_PROCESS_COLUMNS = `${PROCESS_COLUMNS}, token, locale, termination_reason AS "terminationReason",
  erased_at AS "erasedAt"`;

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
  /**
   * A new process, as stored (its state, step and start time are the table's defaults), with its first
   * event (:eventType, the request) in the same statement.
   */
  insertProcess: new NamedSql<StoredProcess>(
    `
    WITH process AS (
      INSERT INTO reputation_processes (vendor_id, token, origin, step, first_name, locale, email, phone)
      VALUES (:vendorId, :token, :origin, :step, :firstName, :locale, :email, :phone)
      RETURNING *),
    event AS (
      INSERT INTO reputation_events (vendor_id, process_id, type)
      SELECT vendor_id, id, :eventType::reputation_event_type FROM process)
    SELECT ${STORED_PROCESS_COLUMNS} FROM process`,
    { prepare: true },
  ),

  /** The reminder to come of a process's request, waiting. */
  insertReminder: new NamedSql(
    `
    INSERT INTO process_reminders (process_id, vendor_id, request_id, channels, due_at)
    VALUES (:processId, :vendorId, :requestId, :channels::varchar[], :dueAt)`,
    { prepare: true },
  ),

  /** Events of processes, one per element of the arrays (at the transaction's time). */
  insertEvents: new NamedSql(
    `
    INSERT INTO reputation_events (vendor_id, process_id, type, rating, would_refer, platform, channel)
    SELECT * FROM unnest(:vendorIds::int[], :processIds::bigint[], :types::reputation_event_type[],
                         :ratings::smallint[], :wouldRefers::boolean[], :platforms::review_platform[],
                         :channels::reputation_event_channel[])`,
    { prepare: true },
  ),

  /** Whether the process :processId has an event of one of the :types. */
  customerActed: new NamedSql<{ acted: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM reputation_events WHERE process_id = :processId AND type = ANY(:types)) AS acted`,
  ),

  /**
   * Which of the :contacts :vendorId must not message, in one statement: those on its opt-out list, and
   * those suppressed for every vendor, found by their keyed :hashes (in the order of the contacts).
   */
  optedOut: new NamedSql<{ contact: string }>(
    `SELECT contact FROM contact_opt_outs WHERE vendor_id = :vendorId AND contact = ANY(:contacts)
     UNION
     SELECT given.contact FROM unnest(:contacts::varchar[], :hashes::varchar[]) AS given(contact, hash)
      WHERE EXISTS (SELECT 1 FROM contact_suppressions s WHERE s.contact_hash = given.hash)`,
    { prepare: true },
  ),

  /** The :contacts opted out of :vendorId's messages, those that were already kept as they were. */
  optOut: new NamedSql(`
    INSERT INTO contact_opt_outs (vendor_id, contact) SELECT :vendorId, unnest(:contacts::varchar[])
    ON CONFLICT DO NOTHING`),

  /** The keyed hashes :hashes suppressed, for every vendor. */
  suppress: new NamedSql(
    `INSERT INTO contact_suppressions (contact_hash) SELECT unnest(:hashes::varchar[]) ON CONFLICT DO NOTHING`,
  ),

  /** Every process of any vendor sent to the :emails or :phones (idx_reputation_processes_email / _phone), or of :ids. */
  processRecords: new NamedSql<ProcessRecord>(`
    SELECT ${PROCESS_COLUMNS} FROM reputation_processes WHERE email = ANY(:emails::text[])
    UNION SELECT ${PROCESS_COLUMNS} FROM reputation_processes WHERE phone = ANY(:phones::text[])
    UNION SELECT ${PROCESS_COLUMNS} FROM reputation_processes WHERE id = ANY(:ids::bigint[]) ORDER BY id`),

  /** The steps of the processes :processIds: answers, yes/no, clicks per platform, referrals. */
  processStepRecords: new NamedSql<ProcessEventRecord>(`
    SELECT id, process_id AS "processId", type, occurred_at AS "occurredAt", rating, would_refer AS "wouldRefer",
           platform, channel
    FROM reputation_events WHERE process_id = ANY(:processIds::bigint[]) ORDER BY id`),

  /** The vendors' opt-outs of the :contacts. */
  optOutRecords: new NamedSql<OptOutRecord>(`
    SELECT vendor_id || ':' || contact AS id, vendor_id AS "vendorId", contact, source, created_at AS "createdAt"
    FROM contact_opt_outs WHERE contact = ANY(:contacts::varchar[]) ORDER BY vendor_id`),

  /**
   * Up to :limit processes after :afterId whose last activity (start, end, opt-out, the customer's
   * last answer or click) is before :cutoff, each saying whether it expired, among those whose
   * customer data is still held.
   */
  inactiveBefore: new NamedSql<{ id: number; expired: boolean }>(`
    SELECT p.id, greatest(p.started_at, p.ended_at, p.opted_out_at,
                 (SELECT max(e.occurred_at) FROM reputation_events e WHERE e.process_id = p.id)) < :cutoff AS expired
      FROM reputation_processes p
     WHERE p.id > :afterId AND p.started_at < :cutoff AND p.erased_at IS NULL
     ORDER BY p.id LIMIT :limit`),

  /** The processes :ids lose the name (:erased), contacts and private feedback; their links answer 410. */
  eraseProcesses: new NamedSql(`
    UPDATE reputation_processes
       SET first_name = :erased::text, email = NULL, phone = NULL, private_feedback = NULL, erased_at = now()
     WHERE id = ANY(:ids::bigint[])`),

  /** The vendors' opt-outs of the :contacts removed. */
  deleteOptOuts: new NamedSql(`DELETE FROM contact_opt_outs WHERE contact = ANY(:contacts::varchar[])`),
};
