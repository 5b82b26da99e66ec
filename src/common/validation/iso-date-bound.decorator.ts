import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { DATE_BOUND_PATTERN } from './calendar-patterns';

/** How a bound is written, whatever its digits: a value of this shape that fails the pattern names an impossible day or time. */
const BOUND_SHAPE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A `from`/`to` query bound as `parseBound` (src/common/time/window-bounds.ts) reads it; the document
 * shows its pattern and, in `description`, what the window as a whole must be.
 */
export const IsIsoDateBound = (description: string): PropertyDecorator =>
  applyDecorators(
    Matches(new RegExp(DATE_BOUND_PATTERN), {
      message: ({ property, value }) =>
        typeof value === 'string' && BOUND_SHAPE.test(value)
          ? `${property} is not a real date or time: ${value}`
          : `${property} must be an ISO 8601 date (2026-03-31) or date-time (2026-03-31T12:00:00Z)`,
    }),
    ApiProperty({ pattern: DATE_BOUND_PATTERN, description }),
  );
