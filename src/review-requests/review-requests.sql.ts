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

const REQUEST_COLUMNS = `id, process_id AS "processId", vendor_id AS "vendorId", first_name AS "firstName",
  last_name AS "lastName", email, phone, created_at AS "createdAt", happy, answered_at AS "answeredAt",
  confirmed_at AS "confirmedAt"`;

type StoredRequest = ReviewRequestRecord & { leadId: number | null };

const INSERT = `
    INSERT INTO review_requests (vendor_id, process_id, first_name, last_name, email, phone, lead_id)
    VALUES (:vendorId, :processId, :firstName, :lastName, :email, :phone, :leadId)
    RETURNING ${REQUEST_COLUMNS}, lead_id AS "leadId"`;

/**
 * A new review request, as stored, and, in the same statement, the consent ledger's lines it states:
 * `statedLinesInsert` is the ledger's text (`ConsentService`), a CTE here, with its own values.
 */
export const insertStatingSql = (statedLinesInsert: string) =>
  new NamedSql<StoredRequest>(`WITH stated AS (${statedLinesInsert}) ${INSERT}`, { prepare: true });

export const REVIEW_REQUEST_SQL = {
  /** A new review request, as stored. */
  insert: new NamedSql<StoredRequest>(INSERT, { prepare: true }),

  /** Whether :vendorId has a review request with the :email or the :phone. */
  duplicateExists: new NamedSql<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM review_requests WHERE vendor_id = :vendorId AND (email = :email OR phone = :phone)) AS found`,
  ),

  /** The review requests of the processes :processIds, for a person's data. */
  recordsOfProcesses: new NamedSql<ReviewRequestRecord>(`
    SELECT ${REQUEST_COLUMNS} FROM review_requests WHERE process_id = ANY(:processIds::bigint[]) ORDER BY id`),

  /** The requests :ids' first name :erased, other name and contacts removed; the answer and times stay. */
  eraseRecords: new NamedSql(`
    UPDATE review_requests SET first_name = :erased::text, last_name = NULL, email = NULL, phone = NULL
    WHERE id = ANY(:ids::bigint[])`),
};
