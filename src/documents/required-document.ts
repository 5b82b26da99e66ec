import type { DocumentDates } from './document-validity';

export interface RequiredDocType {
  requiredDocId: number;
  requiredDocName: string;
}

/** A document kind with what was recorded for one vendor (nulls where nothing was). */
export interface RequiredDocumentRow extends RequiredDocType, DocumentDates {}

/** The row, and whether the document is valid today. */
export interface RequiredDocument extends RequiredDocumentRow {
  valid: boolean;
}
