import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

// A calendar date, or a date-time with optional seconds/fraction and an optional zone (UTC when absent).
const ISO_DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** A `from`/`to` query bound as `parseBound` (src/common/time/window-bounds.ts) reads it; the document shows its pattern. */
export const IsIsoDateBound = (): PropertyDecorator =>
  applyDecorators(
    Matches(ISO_DATE_OR_DATE_TIME, {
      message: ({ property }) =>
        `${property} must be an ISO 8601 date (2026-03-31) or date-time (2026-03-31T12:00:00Z)`,
    }),
    ApiProperty({ pattern: ISO_DATE_OR_DATE_TIME.source }),
  );
