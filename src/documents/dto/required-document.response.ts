import type { DocumentDates } from '../document-validity';

export interface RequiredDocumentRow extends DocumentDates {
  requiredDocId: number;
  requiredDocName: string;
}

export class RequiredDocTypeResponse {
  /** @example 1 */
  requiredDocId: number;
  /** @example "Certificate of general liability insurance" */
  requiredDocName: string;
}

export class RequiredDocumentResponse implements RequiredDocumentRow {
  /** @example 1 */
  requiredDocId: number;
  /** @example "Certificate of general liability insurance" */
  requiredDocName: string;
  /** YYYY-MM-DD; null until received. @example "2026-03-02" */
  dateReceived: string | null;
  /** YYYY-MM-DD; null when it does not expire (or nothing was recorded). @example "2027-03-01" */
  expiryDate: string | null;
  /** Received, and not expired as of today (DOCUMENTS_TIME_ZONE's calendar day). */
  valid: boolean;

  static from(row: RequiredDocumentRow, valid: boolean): RequiredDocumentResponse {
    const { requiredDocId, requiredDocName, dateReceived, expiryDate } = row;
    return { requiredDocId, requiredDocName, dateReceived, expiryDate, valid };
  }
}
