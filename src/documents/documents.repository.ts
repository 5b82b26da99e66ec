import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import type { DocumentDates } from './document-validity';
import type { RequiredDocType, RequiredDocumentRow } from './required-document';

const DOCUMENT_COLUMNS = `t.id AS "requiredDocId", t.name AS "requiredDocName",
  to_char(d.date_received, 'YYYY-MM-DD') AS "dateReceived", to_char(d.expiry_date, 'YYYY-MM-DD') AS "expiryDate"`;

@Injectable()
export class DocumentsRepository {
  constructor(private readonly sql: Sql) {}

  listTypes(): Promise<RequiredDocType[]> {
    return this.sql.rows({
      sql: `SELECT id AS "requiredDocId", name AS "requiredDocName" FROM required_doc_types ORDER BY id`,
      parameters: [],
    });
  }

  /** Every document kind with what was recorded for the vendor (nulls where nothing was). */
  listForVendor(vendorId: number): Promise<RequiredDocumentRow[]> {
    return this.sql.rows({
      sql: `SELECT ${DOCUMENT_COLUMNS} FROM required_doc_types t
       LEFT JOIN vendor_required_docs d ON d.required_doc_id = t.id AND d.vendor_id = $1
       ORDER BY t.id`,
      parameters: [vendorId],
    });
  }

  /** Records the dates of the vendor's document of that kind; null when there is no such kind. */
  async record(vendorId: number, requiredDocId: number, dates: DocumentDates): Promise<RequiredDocumentRow | null> {
    const rows = await this.sql.rows<RequiredDocumentRow>({
      sql: `WITH d AS (
         INSERT INTO vendor_required_docs (vendor_id, required_doc_id, date_received, expiry_date)
         SELECT $1, id, $3::date, $4::date FROM required_doc_types WHERE id = $2
         ON CONFLICT (vendor_id, required_doc_id) DO UPDATE
           SET date_received = EXCLUDED.date_received, expiry_date = EXCLUDED.expiry_date, updated_at = now()
         RETURNING required_doc_id, date_received, expiry_date
       )
       SELECT ${DOCUMENT_COLUMNS} FROM d JOIN required_doc_types t ON t.id = d.required_doc_id`,
      parameters: [vendorId, requiredDocId, dates.dateReceived, dates.expiryDate],
    });
    return rows[0] ?? null;
  }
}
