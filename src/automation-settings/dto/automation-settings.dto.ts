import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsString, Matches, Max, Min, ValidateIf, ValidatorConstraint } from 'class-validator';
import type { ValidatorConstraintInterface } from 'class-validator';
import { Validate } from 'class-validator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { Trim } from '../../common/validation/trim.decorator';
import {
  AUTO_REVIEW_REQUEST_DELAY_MINUTES,
  CLOCK_TIME,
  REMINDER_DELAY_MINUTES,
  isIanaTimeZone,
} from '../automation-settings';

@ValidatorConstraint({ name: 'ianaTimeZone' })
class IanaTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isIanaTimeZone(value);
  }

  defaultMessage(): string {
    return 'timeZone must be an IANA time zone such as America/Toronto';
  }
}

/** A quiet-hours bound: absent (the default), null (no quiet hours, with the other bound null too) or HH:MM. */
const QuietHoursBound = (): PropertyDecorator => (target, property) => {
  SkipIfAbsent()(target, property);
  ValidateIf((_object, value) => value !== null)(target, property);
  Matches(CLOCK_TIME, { message: `${String(property)} must be a time HH:MM (00:00 to 23:59) or null` })(
    target,
    property,
  );
};

/** PUT body: the whole settings; a property left out takes its default (CONTRACT 10). */
export class AutomationSettingsDto {
  /** Send one reminder to a customer who has not answered. @example true */
  @SkipIfAbsent()
  @IsBoolean()
  reminderEnabled?: boolean;

  /** Minutes after the request was sent, 1..20160. @example 4320 */
  @SkipIfAbsent()
  @IsInt()
  @ApiProperty({ type: 'integer' })
  @Min(REMINDER_DELAY_MINUTES.min)
  @Max(REMINDER_DELAY_MINUTES.max)
  reminderDelayMinutes?: number;

  /** `HH:MM` in timeZone; null together with quietHoursEnd for no quiet hours. @example "20:00" */
  @QuietHoursBound()
  quietHoursStart?: string | null;

  /** `HH:MM` in timeZone; a reminder falling in quiet hours waits for their end. @example "09:00" */
  @QuietHoursBound()
  quietHoursEnd?: string | null;

  /** An IANA time zone. @example "America/Toronto" */
  @SkipIfAbsent()
  @Trim()
  @IsString()
  @Validate(IanaTimeZone)
  timeZone?: string;

  /** Send a review request when an accepted lead is set to JOB_WON or LEAD_WON. @example false */
  @SkipIfAbsent()
  @IsBoolean()
  autoReviewRequestOnJobWon?: boolean;

  /** Minutes after the lead was won, 0..10080 (0: at once). @example 120 */
  @SkipIfAbsent()
  @IsInt()
  @ApiProperty({ type: 'integer' })
  @Min(AUTO_REVIEW_REQUEST_DELAY_MINUTES.min)
  @Max(AUTO_REVIEW_REQUEST_DELAY_MINUTES.max)
  autoReviewRequestDelayMinutes?: number;
}
