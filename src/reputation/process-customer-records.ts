import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { type ExpiredBatch, expiredBatchOf } from '../database/retention-walk';
import { Sql } from '../database/sql';
import type { OptOutSource } from '../notifications/notification.types';
import { ContactSuppressions } from './contact-suppressions';
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
export interface OptOutRecord {
  /** The vendor and the contact; the phone alone for an opt-out from every vendor's texts. */
  id: string;
  /** Null for an opt-out from every vendor's texts. */
  vendorId: number | null;
  contact: string;
  source: OptOutSource;
  createdAt: Date;
}

const PROCESS_COLUMNS = `id, vendor_id AS "vendorId", origin, state, step, first_name AS "firstName", email, phone,
  private_feedback AS "privateFeedback", started_at AS "startedAt", ended_at AS "endedAt", opted_out_at AS "optedOutAt"`;

/**
 * The reputation core's part of a person's data rights (docs/contract.md#data-rights): their processes with what they
 * answered and clicked, their opt-outs, and at erasure the suppression of their contacts.
 */
@Injectable()
@CustomerDataProvider()
export class ProcessCustomerRecords implements CustomerDataProvider {
  readonly tables = ['reputation_processes', 'reputation_events', 'contact_opt_outs', 'contact_suppressions'];

  constructor(
    private readonly sql: Sql,
    private readonly suppressions: ContactSuppressions,
  ) {}

  async find(finding: PersonFinding): Promise<void> {
    // Every process of any vendor sent to the contacts (idx_reputation_processes_email / _phone).
    const processes = await this.sql.rows<ProcessRecord>({
      sql: `SELECT ${PROCESS_COLUMNS} FROM reputation_processes WHERE email = ANY($1::text[])
       UNION SELECT ${PROCESS_COLUMNS} FROM reputation_processes WHERE phone = ANY($2::text[])
       UNION SELECT ${PROCESS_COLUMNS} FROM reputation_processes WHERE id = ANY($3::bigint[]) ORDER BY id`,
      parameters: [finding.emails, finding.phones, finding.ids('reputationProcesses')],
    });
    finding.add('reputationProcesses', processes, {
      contacts: processes,
      values: processes.flatMap((p) => [p.firstName, p.email, p.phone, p.privateFeedback]),
    });
    // The steps: answers (rating, would-refer), yes/no, clicks per platform, referrals.
    finding.add(
      'processSteps',
      await this.sql.rows<ProcessEventRecord>({
        sql: `SELECT id, process_id AS "processId", type, occurred_at AS "occurredAt", rating, would_refer AS "wouldRefer",
              platform, channel
         FROM reputation_events WHERE process_id = ANY($1::bigint[]) ORDER BY id`,
        parameters: [finding.ids('reputationProcesses')],
      }),
    );
    // The vendors' opt-out lists (the phones' opt-outs from every vendor's texts are the outbox's).
    finding.add(
      'optOuts',
      await this.sql.rows<OptOutRecord>({
        sql: `SELECT vendor_id || ':' || contact AS id, vendor_id AS "vendorId", contact, source, created_at AS "createdAt"
          FROM contact_opt_outs WHERE contact = ANY($1::varchar[]) ORDER BY vendor_id`,
        parameters: [finding.contacts],
      }),
    );
  }

  /**
   * Up to `limit` processes after `afterId` whose last activity (start, end, opt-out, the customer's
   * last answer or click) is before `cutoff` and whose customer data is still held: what
   * `RETENTION_PROCESSES_DAYS` erases. Ids grow with start times, so the walk ends at the first process
   * started after the cutoff.
   */
  async inactiveBefore(cutoff: Date, afterId: number, limit: number): Promise<ExpiredBatch> {
    const rows = await this.sql.rows<{ id: number; expired: boolean }>({
      sql: `SELECT p.id, greatest(p.started_at, p.ended_at, p.opted_out_at,
                     (SELECT max(e.occurred_at) FROM reputation_events e WHERE e.process_id = p.id)) < $1 AS expired
              FROM reputation_processes p
             WHERE p.id > $2 AND p.started_at < $1 AND p.erased_at IS NULL
             ORDER BY p.id LIMIT $3`,
      parameters: [cutoff, afterId, limit],
    });
    return expiredBatchOf(rows, limit);
  }

  /**
   * In the caller's transaction: the processes lose the customer's name, contacts and private
   * feedback, and their links answer 410 from now on; the opt-outs of the contacts are replaced by
   * their keyed hashes in the suppression list (which every message checks), unless a retention pass
   * is erasing expired records.
   */
  async erase({ finding, suppress }: Erasure): Promise<ErasedCounts> {
    const processIds = finding.ids('reputationProcesses');
    const { rowCount: processes } = processIds.length
      ? await this.sql.run({
          sql: `UPDATE reputation_processes
              SET first_name = $2::text, email = NULL, phone = NULL, private_feedback = NULL, erased_at = now()
            WHERE id = ANY($1::bigint[])`,
          parameters: [processIds, ERASED],
        })
      : { rowCount: 0 };
    if (!suppress) return { reputationProcesses: processes };
    const { rowCount: optOuts } = await this.sql.run({
      sql: `DELETE FROM contact_opt_outs WHERE contact = ANY($1::varchar[])`,
      parameters: [finding.contacts],
    });
    await this.suppressions.suppress(finding.contacts);
    return { reputationProcesses: processes, optOuts };
  }
}
