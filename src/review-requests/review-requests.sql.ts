import { NamedSql } from '../database/named-sql';

export const REVIEW_REQUEST_SQL = {
  /** Whether :vendorId has a review request with the :email or the :phone. */
  duplicateExists: new NamedSql<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM review_requests WHERE vendor_id = :vendorId AND (email = :email OR phone = :phone)) AS found`,
  ),
};
