import { PartialType } from '@nestjs/swagger';
import { ApiProperty } from '@nestjs/swagger';
import {
  IsBoolean,
  IsInt,
  IsString,
  Matches,
  Max,
  Min,
  Validate,
  ValidateBy,
  ValidatorConstraint,
  type ValidationOptions,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { ApiObjectRule } from '../../common/openapi/object-rule.decorator';
import { isPresent } from '../../common/validation/skip-if-absent.decorator';
import { Trim } from '../../common/validation/trim.decorator';
import {
  AUTO_REVIEW_REQUEST_DELAY_MINUTES,
  CLOCK_TIME,
  REMINDER_DELAY_MINUTES,
  TIME_ZONES,
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

/** The value checks judge a value given; a missing one is reported once, by `Named`. */
const whenGiven: ValidationOptions = { validateIf: isPresent };

/** Every setting must be in a PUT body (null counts: it is how the quiet hours are switched off). */
const Named = (): PropertyDecorator =>
  ValidateBy({
    name: 'named',
    validator: {
      validate: (value: unknown) => value !== undefined,
      defaultMessage: (args) =>
        `${args?.property} is required: a PUT names every setting (PATCH changes only the ones it names)`,
    },
  });

/** A quiet-hours bound: null (no quiet hours, with the other bound null too) or HH:MM. */
const QuietHoursBound = (): PropertyDecorator => (target, property) => {
  Named()(target, property);
  Matches(CLOCK_TIME, {
    message: `${String(property)} must be a time HH:MM (00:00 to 23:59) or null`,
    validateIf: (_object, value) => value !== undefined && value !== null,
  })(target, property);
  ApiProperty({ pattern: CLOCK_TIME.source })(target, property);
};

const BOUNDS = ['quietHoursStart', 'quietHoursEnd'];

/** Both bounds null (no quiet hours) or both times; that they differ, no JSON Schema can say. */
const BOTH_NULL_OR_BOTH_TIMES = {
  anyOf: [
    {
      properties: Object.fromEntries(BOUNDS.map((bound) => [bound, { type: 'string', nullable: true, enum: [null] }])),
    },
    { properties: Object.fromEntries(BOUNDS.map((bound) => [bound, { type: 'string' }])) },
  ],
};

/** PUT body: every setting, named (docs/contract.md#automation); a body that leaves one out is refused, naming it. */
@ApiObjectRule(BOTH_NULL_OR_BOTH_TIMES)
export class AutomationSettingsDto {
  /** Send one reminder to a customer who has not answered. @example true */
  @Named()
  @IsBoolean(whenGiven)
  reminderEnabled: boolean;

  /** Minutes after the request was sent, 1..20160. @example 4320 */
  @Named()
  @IsInt(whenGiven)
  @ApiProperty({ type: 'integer' })
  @Min(REMINDER_DELAY_MINUTES.min, whenGiven)
  @Max(REMINDER_DELAY_MINUTES.max, whenGiven)
  reminderDelayMinutes: number;

  /** `HH:MM` in timeZone, when the quiet hours begin; null together with quietHoursEnd for none. @example "20:00" */
  @QuietHoursBound()
  quietHoursStart: string | null;

  /**
   * `HH:MM` in timeZone, when they end (not the start's time, else a 400); an automated message falling in
   * them waits for this time. @example "09:00"
   */
  @QuietHoursBound()
  quietHoursEnd: string | null;

  /**
   * An IANA time zone: one of the canonical names listed, or a link to one (US/Eastern), else a 400.
   * @example "America/Toronto"
   */
  @Named()
  @ApiProperty({ enum: TIME_ZONES, enumName: 'TimeZone' })
  @Trim()
  @IsString(whenGiven)
  @Validate(IanaTimeZone, whenGiven)
  timeZone: string;

  /** Send a review request when an accepted lead is set to JOB_WON or LEAD_WON. @example false */
  @Named()
  @IsBoolean(whenGiven)
  autoReviewRequestOnJobWon: boolean;

  /** Minutes after the lead was won, 0..10080 (0: at once, outside quiet hours). @example 120 */
  @Named()
  @IsInt(whenGiven)
  @ApiProperty({ type: 'integer' })
  @Min(AUTO_REVIEW_REQUEST_DELAY_MINUTES.min, whenGiven)
  @Max(AUTO_REVIEW_REQUEST_DELAY_MINUTES.max, whenGiven)
  autoReviewRequestDelayMinutes: number;
}

/**
 * PATCH body: the settings it names change, the others stay as they are; the same rules apply to each.
 * The quiet hours are one setting: a PATCH names both bounds or neither.
 */
@ApiObjectRule(BOTH_NULL_OR_BOTH_TIMES)
@ApiObjectRule({
  anyOf: [
    { required: BOUNDS },
    { not: { anyOf: BOUNDS.map((bound) => ({ properties: { [bound]: {} }, required: [bound] })) } },
  ],
})
export class AutomationSettingsPatchDto extends PartialType(AutomationSettingsDto, { skipNullProperties: false }) {}
