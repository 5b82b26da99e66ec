import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT32_ID } from '../../common/validation/canonical-int.decorator';
import type { RequiredDocType, RequiredDocument } from '../required-document';

export class RequiredDocTypeResponse implements RequiredDocType {
  /** @example 1 */
  @ApiInteger(INT32_ID)
  requiredDocId: number;
  /** @example "Certificate of general liability insurance" */
  requiredDocName: string;
}

export class RequiredDocumentResponse implements RequiredDocument {
  /** @example 1 */
  @ApiInteger(INT32_ID)
  requiredDocId: number;
  /** @example "Certificate of general liability insurance" */
  requiredDocName: string;
  /** YYYY-MM-DD; null until received. @example "2026-03-02" */
  dateReceived: string | null;
  /** YYYY-MM-DD; null when it does not expire (or nothing was recorded). @example "2027-03-01" */
  expiryDate: string | null;
  /** Received, and not expired as of today (DOCUMENTS_TIME_ZONE's calendar day). */
  valid: boolean;

  static from({
    requiredDocId,
    requiredDocName,
    dateReceived,
    expiryDate,
    valid,
  }: RequiredDocument): RequiredDocumentResponse {
    return { requiredDocId, requiredDocName, dateReceived, expiryDate, valid };
  }
}
