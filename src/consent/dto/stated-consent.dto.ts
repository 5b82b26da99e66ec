import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IsIsoDateBound } from '../../common/validation/iso-date-bound.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { Trim } from '../../common/validation/trim.decorator';
import { STATED_BASES, type StatedBasis } from '../consent-basis';

/**
 * The relationship on which the vendor writes to this customer (CASL s. 10): a purchase (2 years from
 * `at`), an inquiry (6 months from `at`), or express consent (until withdrawn). Left out: the request
 * records "stated by the vendor's request: purchase on the request's date".
 */
export class StatedConsentDto {
  @ApiProperty({ enum: STATED_BASES, example: 'PURCHASE' })
  @IsIn(STATED_BASES)
  basis: StatedBasis;

  /** When the relationship arose (not in the future). */
  @IsIsoDateBound('When the purchase, the inquiry or the express consent was made (not in the future).')
  at: string;

  /** What proves it (an invoice number; for express consent, the wording the customer agreed to). @example "Invoice 2026-118" */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @MaxLength(1000)
  evidence?: string;
}

/**
 * A request's optional `consent`: one StatedConsentDto, checked within. `IsObject` because a list would
 * pass `ValidateNested` (each item checked) and reach the ledger.
 */
export const OptionalStatedConsent = (): PropertyDecorator =>
  applyDecorators(
    SkipIfAbsent(),
    IsObject(),
    ValidateNested(),
    Type(() => StatedConsentDto),
  );
