import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import type { DocumentDates } from './document-validity';
import { DOCUMENT_SQL } from './documents.sql';
import type { RequiredDocType, RequiredDocumentRow } from './required-document';

@Injectable()
export class DocumentsRepository {
  constructor(private readonly sql: Sql) {}

  listTypes(): Promise<RequiredDocType[]> {
    return this.sql.rows(DOCUMENT_SQL.listTypes.bind());
  }

  /** Every document kind with what was recorded for the vendor (nulls where nothing was). */
  listForVendor(vendorId: number): Promise<RequiredDocumentRow[]> {
    return this.sql.rows(DOCUMENT_SQL.listForVendor.bind({ vendorId }));
  }

  /** Records the dates of the vendor's document of that kind; null when there is no such kind. */
  async record(vendorId: number, requiredDocId: number, dates: DocumentDates): Promise<RequiredDocumentRow | null> {
    const [row] = await this.sql.rows(
      DOCUMENT_SQL.record.bind({
        vendorId,
        requiredDocId,
        dateReceived: dates.dateReceived,
        expiryDate: dates.expiryDate,
      }),
    );
    return row ?? null;
  }
}
