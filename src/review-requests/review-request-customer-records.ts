import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
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
export class ReviewRequestCustomerRecords {
  constructor(private readonly sql: Sql) {}

  ofProcesses(processIds: number[]): Promise<ReviewRequestRecord[]> {
    return this.sql.rows({
      sql: `SELECT id, process_id AS "processId", vendor_id AS "vendorId", first_name AS "firstName", last_name AS "lastName",
              email, phone, created_at AS "createdAt", happy, answered_at AS "answeredAt", confirmed_at AS "confirmedAt"
         FROM review_requests WHERE process_id = ANY($1::bigint[]) ORDER BY id`,
      parameters: [processIds],
    });
  }

  /** Names and contacts removed; the answer and times (what the KPIs count) stay. */
  async erase(processIds: number[]): Promise<number> {
    const { rowCount: erased } = await this.sql.run({
      sql: `UPDATE review_requests SET first_name = $2::text, last_name = NULL, email = NULL, phone = NULL
        WHERE process_id = ANY($1::bigint[])`,
      parameters: [processIds, ERASED],
    });
    return erased;
  }
}
