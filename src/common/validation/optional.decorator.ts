import { ValidateIf } from 'class-validator';

/**
 * Like @IsOptional, but only an absent property is skipped: an explicit null is validated like any
 * other value (and refused), instead of reaching a NOT NULL column.
 */
export const Optional = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);
