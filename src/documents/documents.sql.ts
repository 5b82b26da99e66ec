import { NamedSql } from '../database/named-sql';
import type { RequiredDocType, RequiredDocumentRow } from './required-document';

const DOCUMENT_COLUMNS = `t.id AS "requiredDocId", t.name AS "requiredDocName",
  to_char(d.date_received, 'YYYY-MM-DD') AS "dateReceived", to_char(d.expiry_date, 'YYYY-MM-DD') AS "expiryDate"`;

export const DOCUMENT_SQL = {
  listTypes: new NamedSql<RequiredDocType>(
    `SELECT id AS "requiredDocId", name AS "requiredDocName" FROM required_doc_types ORDER BY id`,
  ),

  /** Every document kind with what was recorded for :vendorId (nulls where nothing was). */
  listForVendor: new NamedSql<RequiredDocumentRow>(`
    SELECT ${DOCUMENT_COLUMNS} FROM required_doc_types t
    LEFT JOIN vendor_required_docs d ON d.required_doc_id = t.id AND d.vendor_id = :vendorId
    ORDER BY t.id`),

  /** Records :dateReceived and :expiryDate of :vendorId's document of kind :requiredDocId; no row without that kind. */
  record: new NamedSql<RequiredDocumentRow>(`
    WITH d AS (
      INSERT INTO vendor_required_docs (vendor_id, required_doc_id, date_received, expiry_date)
      SELECT :vendorId, id, :dateReceived::date, :expiryDate::date FROM required_doc_types WHERE id = :requiredDocId
      ON CONFLICT (vendor_id, required_doc_id) DO UPDATE
        SET date_received = EXCLUDED.date_received, expiry_date = EXCLUDED.expiry_date, updated_at = now()
      RETURNING required_doc_id, date_received, expiry_date
    )
    SELECT ${DOCUMENT_COLUMNS} FROM d JOIN required_doc_types t ON t.id = d.required_doc_id`),
};
