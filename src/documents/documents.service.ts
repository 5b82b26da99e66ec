import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import { Clock } from '../common/time/clock';
import { DocumentsConfig, documentsConfig } from '../config/documents.config';
import { VendorsService } from '../vendors/vendors.service';
import { DocumentDates, calendarDay, isDocumentValid } from './document-validity';
import type { RequiredDocType, RequiredDocument, RequiredDocumentRow } from './required-document';
import { DocumentsRepository } from './documents.repository';

const withValidity = (row: RequiredDocumentRow, today: string): RequiredDocument => ({
  ...row,
  valid: isDocumentValid(row, today),
});

@Injectable()
export class DocumentsService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly vendors: VendorsService,
    private readonly clock: Clock,
    @Inject(documentsConfig.KEY) private readonly config: DocumentsConfig,
  ) {}

  listTypes(): Promise<RequiredDocType[]> {
    return this.documents.listTypes();
  }

  /** Every document kind for the vendor, with its dates and whether it is valid today. */
  async listForVendor(vendorId: number): Promise<RequiredDocument[]> {
    await this.vendors.get(vendorId);
    const rows = await this.documents.listForVendor(vendorId);
    const today = this.today();
    return rows.map((row) => withValidity(row, today));
  }

  /** Replaces the recorded dates of one of the vendor's documents: a date left out is cleared. */
  async record(
    vendorId: number,
    requiredDocId: number,
    { dateReceived = null, expiryDate = null }: Partial<DocumentDates>,
  ): Promise<RequiredDocument> {
    const dates = { dateReceived, expiryDate };
    if (dates.dateReceived && dates.expiryDate && dates.expiryDate < dates.dateReceived) {
      throw DomainError.invalid('expiryDate must not be before dateReceived.');
    }
    await this.vendors.get(vendorId);
    const row = await this.documents.record(vendorId, requiredDocId, dates);
    if (!row) throw DomainError.notFound('Required document', requiredDocId);
    return withValidity(row, this.today());
  }

  /** Today where validity is decided: one day for all of a request's rows. */
  private today(): string {
    return calendarDay(this.clock.now(), this.config.timeZone);
  }
}
