import { IsOptional } from 'class-validator';
import { IsCalendarDate } from '../../common/validation/is-calendar-date.decorator';

/**
 * What is known of the vendor's document, replacing what was recorded: a date left out or null is
 * cleared. Both dates are nullable in the resource itself, so null is accepted here.
 */
export class RecordRequiredDocDto {
  /** YYYY-MM-DD; null or absent: not received. @example "2026-03-02" */
  @IsOptional()
  @IsCalendarDate()
  dateReceived?: string | null;

  /** YYYY-MM-DD, not before dateReceived; null or absent: does not expire. @example "2027-03-01" */
  @IsOptional()
  @IsCalendarDate()
  expiryDate?: string | null;
}
