import { Transform } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';

/** The field's @MaxLength (the lowest, if several), read when the first value comes: every rule is declared by then. */
function maxLengthOf(target: object, property: string): number | undefined {
  const limits = getMetadataStorage()
    .getTargetValidationMetadatas(target.constructor, '', false, false)
    .filter((rule) => rule.propertyName === property && rule.name === 'maxLength')
    .map((rule) => rule.constraints[0] as number);
  return limits.length ? Math.min(...limits) : undefined;
}

/**
 * Trims surrounding white space from a string input before it is validated. A string longer than the
 * field's @MaxLength is left as sent, so that it is refused: the API document's maxLength counts the
 * characters as sent, white space included (a client's 101 characters are not 100 because some are spaces).
 */
export const Trim = (): PropertyDecorator => (target, property) => {
  let limit: { max: number | undefined } | undefined;
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    limit ??= { max: maxLengthOf(target, String(property)) };
    // UTF-16 units are never fewer than code points: only a string long in units is counted again.
    const over = limit.max !== undefined && value.length > limit.max && [...value].length > limit.max;
    return over ? value : value.trim();
  })(target, property);
};
