import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';

/**
 * A reference that may also be null. Beside a `$ref`, OpenAPI 3.0's `nullable` would still make null
 * match the referenced schema, so null is its own alternative (with a `type`, as 3.0 reads nullable).
 */
export const nullableRef = (
  ref: ReferenceObject | SchemaObject,
  type: SchemaObject['type'],
  rest: SchemaObject = {},
): SchemaObject => ({
  ...rest,
  anyOf: [ref, { type, nullable: true, enum: [null] }],
});
