import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { Sql } from '../database/sql';

export interface FeedbackRequestRecord {
  id: number;
  processId: number;
  vendorId: number;
  customerName: string;
  email: string | null;
  phone: string | null;
  createdAt: Date;
  answeredAt: Date | null;
  rating: number | null;
  wouldRefer: boolean | null;
  comment: string | null;
}

/** The feedback requests' part of a person's data rights (docs/contract.md#data-rights), by the processes found for them. */
@Injectable()
@CustomerDataProvider()
export class FeedbackCustomerRecords implements CustomerDataProvider {
  readonly tables = ['feedback_requests'];

  constructor(private readonly sql: Sql) {}

  async find(finding: PersonFinding): Promise<void> {
    const requests = await this.sql.rows<FeedbackRequestRecord>({
      sql: `SELECT id, process_id AS "processId", vendor_id AS "vendorId", customer_name AS "customerName", email, phone,
              created_at AS "createdAt", answered_at AS "answeredAt", rating, would_refer AS "wouldRefer", comment
         FROM feedback_requests WHERE process_id = ANY($1::bigint[]) ORDER BY id`,
      parameters: [finding.ids('reputationProcesses')],
    });
    finding.add('feedbackRequests', requests, {
      contacts: requests,
      values: requests.flatMap((r) => [r.customerName, r.email, r.phone, r.comment]),
    });
  }

  /** Name, contacts and comment removed; the rating and times (what the KPIs count) stay. */
  async erase({ finding }: Erasure): Promise<ErasedCounts> {
    const { rowCount } = await this.sql.run({
      sql: `UPDATE feedback_requests SET customer_name = $2::text, email = NULL, phone = NULL, comment = NULL
        WHERE id = ANY($1::bigint[])`,
      parameters: [finding.ids('feedbackRequests'), ERASED],
    });
    return { feedbackRequests: rowCount };
  }
}
