import { TransformationType } from 'class-transformer';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { ValidationTypes, getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { IS_CANONICAL_INT, type IntRange, canonicalIntTransform, isIntInRange } from './canonical-int.decorator';
import { isPresent } from './skip-if-absent.decorator';

/** What a query value is read as: the value, or NOT_TAKEN for anything the fast path leaves to class-validator. */
type Reader = (raw: string) => unknown;
type QueryParser = (query: Record<string, unknown>) => object | undefined;
type Dto = new () => object;

// class-transformer's metadata (which @Transform a property has), not exported by its package entry.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: MetadataStorage;
};

const NOT_TAKEN = Symbol('not taken');
const CANONICAL_INT = /^(0|[1-9][0-9]*)$/;

const intReader =
  (range: IntRange): Reader =>
  (raw) => {
    const value = CANONICAL_INT.test(raw) ? Number(raw) : NaN;
    return isIntInRange(value, range) ? value : NOT_TAKEN;
  };

const enumReader =
  (values: readonly unknown[]): Reader =>
  (raw) =>
    values.includes(raw) ? raw : NOT_TAKEN;

/**
 * How a property may be read without class-validator: it is optional (`@SkipIfAbsent()`, nothing else
 * conditional) and is either one `@IsCanonicalInt` (with its own conversion only) or one `@IsEnum` (no
 * conversion). null: the class is left to class-validator whatever the query; undefined: this property
 * must be absent for the fast path (e.g. a text field, which has its own conversion and rules).
 */
function readerOf(target: Dto, property: string, rules: ValidationMetadata[]): Reader | null | undefined {
  if (
    !rules.some((rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION && rule.constraints[0] === isPresent)
  ) {
    return null;
  }
  if (rules.some((rule) => rule.groups?.length || rule.each || rule.always || rule.validateIf)) return null;
  const checks = rules.filter((rule) => rule.type !== ValidationTypes.CONDITIONAL_VALIDATION);
  if (checks.length !== rules.length - 1 || checks.length !== 1) return undefined;
  const [check] = checks;
  const transforms = defaultMetadataStorage.findTransformMetadatas(target, property, TransformationType.PLAIN_TO_CLASS);
  if (
    check.name === IS_CANONICAL_INT &&
    transforms.length === 1 &&
    transforms[0].transformFn === canonicalIntTransform
  ) {
    return intReader(check.constraints[0] as IntRange);
  }
  if (check.name === 'isEnum' && transforms.length === 0) return enumReader(check.constraints[1] as unknown[]);
  return undefined;
}

/**
 * A parser for the query DTOs made of optional integers and enums (pages, filters), or null. Its answer
 * is the instance class-transformer and class-validator would have made; anything it does not take
 * (another key, a repeated key, a value out of range) returns undefined and goes the whole way, so
 * every error is still class-validator's, word for word.
 */
function compile(metatype: Dto): QueryParser | null {
  const rules = getMetadataStorage().getTargetValidationMetadatas(metatype, '', false, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const rule of rules) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  if (byProperty.has('') || byProperty.size === 0) return null;
  if (defaultMetadataStorage.getExposedMetadatas(metatype).length) return null;
  const readers = new Map<string, Reader>();
  const defaults = new metatype() as Record<string, unknown>;
  for (const [property, propertyRules] of byProperty) {
    const reader = readerOf(metatype, property, propertyRules);
    if (reader === null) return null;
    // A default is validated like a value sent; the fast path takes only defaults that need no check.
    if (defaults[property] !== undefined && !reader) return null;
    if (reader) readers.set(property, reader);
  }
  return (query) => {
    const instance = new metatype() as Record<string, unknown>;
    for (const key of Object.keys(query)) {
      const raw = query[key];
      const reader = readers.get(key);
      if (!reader || typeof raw !== 'string') return undefined;
      const value = reader(raw);
      if (value === NOT_TAKEN) return undefined;
      instance[key] = value;
    }
    return instance;
  };
}

const parsers = new WeakMap<Dto, QueryParser | null>();

/** The query's DTO instance when the fast path can tell it is valid; undefined to leave it to the pipe. */
export function parseQueryFast(metatype: Dto, query: unknown): object | undefined {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return undefined;
  let parser = parsers.get(metatype);
  if (parser === undefined) {
    parser = compile(metatype);
    parsers.set(metatype, parser);
  }
  return parser?.(query as Record<string, unknown>);
}
