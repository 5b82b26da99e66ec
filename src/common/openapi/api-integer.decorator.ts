import { ApiProperty } from '@nestjs/swagger';

const INT32_MAX = 2_147_483_647;

/**
 * A whole-number property with its range. The Swagger plugin writes every TypeScript `number` as
 * `type: number`, which a generated client reads as a float; ids, counts and sizes are integers.
 */
export function ApiInteger(range: { min: number; max?: number }): PropertyDecorator {
  const { min, max = INT32_MAX } = range;
  return ApiProperty({ type: 'integer', format: max > INT32_MAX ? 'int64' : 'int32', minimum: min, maximum: max });
}
