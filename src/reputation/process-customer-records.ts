import { Injectable } from '@nestjs/common';
import { type CustomerContact, ERASED } from '../common/privacy/customer-contact';
import { Sql } from '../database/sql';
import type { OptOutSource } from '../notifications/notification.types';
import { SmsOptOuts } from '../notifications/sms-opt-outs';
import { addressesOf } from './contact';
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
export class ProcessCustomerRecords {
  constructor(
    private readonly sql: Sql,
    private readonly suppressions: ContactSuppressions,
    private readonly smsOptOuts: SmsOptOuts,
  ) {}

  /** Every process of any vendor sent to the e-mail or phone (idx_reputation_processes_email / _phone). */
  processes({ email, phone }: CustomerContact): Promise<ProcessRecord[]> {
    return this.sql.rows({
      sql: `SELECT ${PROCESS_COLUMNS} FROM reputation_processes WHERE email = $1
       UNION SELECT ${PROCESS_COLUMNS} FROM reputation_processes WHERE phone = $2::text ORDER BY id`,
      parameters: [email, phone],
    });
  }

  /** The steps of these processes: answers (rating, would-refer), yes/no, clicks per platform, referrals. */
  events(processIds: number[]): Promise<ProcessEventRecord[]> {
    return this.sql.rows({
      sql: `SELECT id, process_id AS "processId", type, occurred_at AS "occurredAt", rating, would_refer AS "wouldRefer",
              platform, channel
         FROM reputation_events WHERE process_id = ANY($1::bigint[]) ORDER BY id`,
      parameters: [processIds],
    });
  }

  /** The vendors' opt-out lists, and the phone's opt-out from every vendor's texts. */
  async optOuts(contact: CustomerContact): Promise<OptOutRecord[]> {
    const ofVendors = await this.sql.rows<OptOutRecord>({
      sql: `SELECT vendor_id AS "vendorId", contact, source, created_at AS "createdAt" FROM contact_opt_outs
        WHERE contact = ANY($1::varchar[]) ORDER BY vendor_id`,
      parameters: [addressesOf(contact)],
    });
    const texted = contact.phone ? await this.smsOptOuts.of(contact.phone) : null;
    if (!texted) return ofVendors;
    return [
      ...ofVendors,
      { vendorId: null, contact: texted.phone, source: texted.source, createdAt: texted.createdAt },
    ];
  }

  /**
   * In the caller's transaction: the processes lose the customer's name, contacts and private
   * feedback, and their links answer 410 from now on; the opt-outs of the contacts are replaced by
   * their keyed hashes in the suppression list (which every message checks). Answers the counts and
   * the hashes.
   */
  async erase(
    contact: CustomerContact,
    processIds: number[],
  ): Promise<{ processes: number; optOuts: number; hashes: string[] }> {
    const { rowCount: processes } = processIds.length
      ? await this.sql.run({
          sql: `UPDATE reputation_processes
              SET first_name = $2::text, email = NULL, phone = NULL, private_feedback = NULL, erased_at = now()
            WHERE id = ANY($1::bigint[])`,
          parameters: [processIds, ERASED],
        })
      : { rowCount: 0 };
    const addresses = addressesOf(contact);
    const { rowCount: optOuts } = await this.sql.run({
      sql: `DELETE FROM contact_opt_outs WHERE contact = ANY($1::varchar[])`,
      parameters: [addresses],
    });
    const textedOptOuts = contact.phone ? await this.smsOptOuts.remove(contact.phone) : 0;
    return { processes, optOuts: optOuts + textedOptOuts, hashes: await this.suppressions.suppress(addresses) };
  }
}
