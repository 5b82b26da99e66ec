import { ValidateIf } from 'class-validator';

/**
 * Like @IsOptional, but only an absent property is skipped: an explicit null is validated like any
 * other value (and refused), instead of reaching a NOT NULL column.
 */
export const SkipIfAbsent = (): PropertyDecorator => ValidateIf(isPresent);

/** SkipIfAbsent's condition, by identity: the query fast path (`query-fast-path.ts`) recognises it. */
export function isPresent(_object: object, value: unknown): boolean {
  return value !== undefined;
}
