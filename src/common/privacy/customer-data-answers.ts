import { ApiProperty } from '@nestjs/swagger';

/**
 * Everything held about one e-mail or phone, across vendors, by kind: each part is declared by the
 * customer-data provider that fills it (`@CustomerDataProvider({exports})`), which documents it here.
 */
export class CustomerDataExportResponse {
  [part: string]: unknown[];
}

/**
 * How many records of each kind were erased; all 0 when nothing was left to erase. Each count is
 * declared by the provider that answers it (`@CustomerDataProvider({erasureCounts})`).
 */
export class CustomerDataErasureResponse {
  /** Contacts found on the matched records and erased and suppressed too (`includeLinked`). */
  @ApiProperty({
    type: Number,
    description: 'Contacts found on the matched records and erased and suppressed too (`includeLinked`).',
    example: 1,
  })
  linkedContacts: number;

  [count: string]: number;
}
