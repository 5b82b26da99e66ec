import { Injectable } from '@nestjs/common';
import { ERASED } from '../common/privacy/customer-contact';
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
export class FeedbackCustomerRecords {
  constructor(private readonly sql: Sql) {}

  ofProcesses(processIds: number[]): Promise<FeedbackRequestRecord[]> {
    return this.sql.rows({
      sql: `SELECT id, process_id AS "processId", vendor_id AS "vendorId", customer_name AS "customerName", email, phone,
              created_at AS "createdAt", answered_at AS "answeredAt", rating, would_refer AS "wouldRefer", comment
         FROM feedback_requests WHERE process_id = ANY($1::bigint[]) ORDER BY id`,
      parameters: [processIds],
    });
  }

  /** Name, contacts and comment removed; the rating and times (what the KPIs count) stay. */
  async erase(processIds: number[]): Promise<number> {
    const { rowCount: erased } = await this.sql.run({
      sql: `UPDATE feedback_requests SET customer_name = $2::text, email = NULL, phone = NULL, comment = NULL
        WHERE process_id = ANY($1::bigint[])`,
      parameters: [processIds, ERASED],
    });
    return erased;
  }
}
