import { NamedSql } from '../database/named-sql';

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

export const REVIEW_REQUEST_SQL = {
  /** Whether :vendorId has a review request with the :email or the :phone. */
  duplicateExists: new NamedSql<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM review_requests WHERE vendor_id = :vendorId AND (email = :email OR phone = :phone)) AS found`,
  ),

  /** The review requests of the processes :processIds, for a person's data. */
  recordsOfProcesses: new NamedSql<ReviewRequestRecord>(`
    SELECT id, process_id AS "processId", vendor_id AS "vendorId", first_name AS "firstName", last_name AS "lastName",
           email, phone, created_at AS "createdAt", happy, answered_at AS "answeredAt", confirmed_at AS "confirmedAt"
    FROM review_requests WHERE process_id = ANY(:processIds::bigint[]) ORDER BY id`),

  /** The requests :ids' first name :erased, other name and contacts removed; the answer and times stay. */
  eraseRecords: new NamedSql(`
    UPDATE review_requests SET first_name = :erased::text, last_name = NULL, email = NULL, phone = NULL
    WHERE id = ANY(:ids::bigint[])`),
};
