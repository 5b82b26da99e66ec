import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidationOptions, registerDecorator } from 'class-validator';

/** The one way an integer is written in a path, a query or a form field: decimal digits, no sign, no padding. */
const CANONICAL_INT = /^(0|[1-9][0-9]*)$/;

const INT32_MAX = 2_147_483_647;

/** The range of an id column: 1..2^31-1 for `integer`, 1..2^53-1 (what a JSON number holds) for `bigint`. */
export const INT32_ID = { min: 1, max: INT32_MAX } as const;
export const INT64_ID = { min: 1, max: Number.MAX_SAFE_INTEGER } as const;

export interface IntRange {
  min: number;
  max: number;
}

/** The number a string input stands for, when it is written canonically; anything else is left as it came. */
function parseCanonicalInt(value: unknown): unknown {
  return typeof value === 'string' && CANONICAL_INT.test(value) ? Number(value) : value;
}

export function isIntInRange(value: unknown, { min, max }: IntRange): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

/** The decorator's conversion. */
const canonicalIntTransform = ({ value }: { value: unknown }): unknown => parseCanonicalInt(value);

/** The validator's name in class-validator's metadata; its range is the constraint. */
export const IS_CANONICAL_INT = 'isCanonicalInt';

/**
 * An integer that arrives as text (path parameter, query value, multipart or form field) and is
 * converted here. Number() and parseInt() also read `1e3`, `0x10`, `+1`, `01`, ` 1` and `1.0`, so
 * that one id had many spellings; only plain digits within the range are taken. The range is also
 * what the OpenAPI document states.
 */
export function IsCanonicalInt(range: IntRange, validationOptions?: ValidationOptions): PropertyDecorator {
  const { min, max } = range;
  const validate: PropertyDecorator = (target, propertyName) =>
    registerDecorator({
      name: IS_CANONICAL_INT,
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [range],
      options: {
        message: `$property must be a whole number from ${min} to ${max}, written in plain digits`,
        ...validationOptions,
      },
      validator: { validate: (value: unknown) => isIntInRange(value, range) },
    });
  return applyDecorators(
    ApiProperty({ type: 'integer', format: max > INT32_MAX ? 'int64' : 'int32', minimum: min, maximum: max }),
    Transform(canonicalIntTransform),
    validate,
  );
}
