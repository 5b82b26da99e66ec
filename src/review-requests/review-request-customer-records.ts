import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
import { CustomerDataProvider, type Erasure, type ErasedCounts } from '../common/privacy/customer-data-provider';
import type { PersonFinding } from '../common/privacy/person-finding';
import { Sql } from '../database/sql';

export interface ReviewRequestRecord {
  id: number;
  processId: number;
  vendorId: number;
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  createdAt: Date;
  happy: boolean | null;
  answeredAt: Date | null;
  confirmedAt: Date | null;
}

/** The review requests' part of a person's data rights (docs/contract.md#data-rights), by the processes found for them. */
@Injectable()
@CustomerDataProvider()
export class ReviewRequestCustomerRecords implements CustomerDataProvider {
  readonly tables = ['review_requests'];

  constructor(private readonly sql: Sql) {}

  async find(finding: PersonFinding): Promise<void> {
    const requests = await this.sql.rows<ReviewRequestRecord>({
      sql: `SELECT id, process_id AS "processId", vendor_id AS "vendorId", first_name AS "firstName", last_name AS "lastName",
              email, phone, created_at AS "createdAt", happy, answered_at AS "answeredAt", confirmed_at AS "confirmedAt"
         FROM review_requests WHERE process_id = ANY($1::bigint[]) ORDER BY id`,
      parameters: [finding.ids('reputationProcesses')],
    });
    finding.add('reviewRequests', requests, {
      contacts: requests,
      values: requests.flatMap((r) => [r.firstName, r.lastName, r.email, r.phone]),
    });
  }

  /** Names and contacts removed; the answer and times (what the KPIs count) stay. */
  async erase({ finding }: Erasure): Promise<ErasedCounts> {
    const { rowCount } = await this.sql.run({
      sql: `UPDATE review_requests SET first_name = $2::text, last_name = NULL, email = NULL, phone = NULL
        WHERE id = ANY($1::bigint[])`,
      parameters: [finding.ids('reviewRequests'), ERASED],
    });
    return { reviewRequests: rowCount };
  }
}
