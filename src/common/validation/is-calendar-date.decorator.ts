import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ValidationOptions, registerDecorator } from 'class-validator';
import { CALENDAR_DATE_PATTERN } from './calendar-patterns';

const CALENDAR_DATE = new RegExp(CALENDAR_DATE_PATTERN);

/** A real calendar day written YYYY-MM-DD, from year 1900 to 9999 (2026-02-30 is not one). */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && CALENDAR_DATE.test(value);
}

/** The rule as a field's validation and, with its pattern, in the API document. */
export function IsCalendarDate(validationOptions?: ValidationOptions): PropertyDecorator {
  const validate: PropertyDecorator = (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: '$property must be a real calendar date written YYYY-MM-DD', ...validationOptions },
      validator: { validate: isCalendarDate },
    });
  return applyDecorators(validate, ApiProperty({ format: 'date', pattern: CALENDAR_DATE_PATTERN }));
}
