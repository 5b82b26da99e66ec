import { Transform } from 'class-transformer';

/** Trims surrounding white space from a string input before it is validated. */
export const Trim = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
