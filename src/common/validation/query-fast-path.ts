import { type ClassTransformOptions, plainToInstance } from 'class-transformer';
import { type MetadataStorage, ValidationTypes, getMetadataStorage } from 'class-validator';
import { isDeepStrictEqual } from 'node:util';
import { IS_CANONICAL_INT, type IntRange, isIntInRange } from './canonical-int.decorator';
import { isPresent } from './skip-if-absent.decorator';

/** How a query value is read (the value, or NOT_TAKEN for anything left to class-validator), and values it takes. */
interface Reader {
  read: (raw: string) => unknown;
  samples: string[];
}
/** One rule as class-validator's public metadata storage describes it. */
type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
type QueryParser = (query: Record<string, unknown>) => object | undefined;
type Dto = new () => object;

const NOT_TAKEN = Symbol('not taken');
const CANONICAL_INT = /^(0|[1-9][0-9]*)$/;

const intReader = (range: IntRange): Reader => ({
  read: (raw) => {
    const value = CANONICAL_INT.test(raw) ? Number(raw) : NaN;
    return isIntInRange(value, range) ? value : NOT_TAKEN;
  },
  samples: [String(range.min), String(range.max)],
});

const enumReader = (values: readonly unknown[]): Reader => ({
  read: (raw) => (values.includes(raw) ? raw : NOT_TAKEN),
  samples: values.filter((value) => typeof value === 'string'),
});

/**
 * How a property may be read without class-validator: it is optional (`@SkipIfAbsent()`, nothing else
 * conditional) and is either one `@IsCanonicalInt` or one `@IsEnum` (their conversions are checked
 * against class-transformer's in `agreesWithClassTransformer`). null: the class is left to
 * class-validator whatever the query; undefined: this property must be absent for the fast path (e.g. a
 * text field, which has its own conversion and rules).
 */
function readerOf(rules: ValidationMetadata[]): Reader | null | undefined {
  if (
    !rules.some((rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION && rule.constraints[0] === isPresent)
  ) {
    return null;
  }
  if (rules.some((rule) => rule.groups?.length || rule.each || rule.always || rule.validateIf)) return null;
  const checks = rules.filter((rule) => rule.type !== ValidationTypes.CONDITIONAL_VALIDATION);
  if (checks.length !== rules.length - 1 || checks.length !== 1) return undefined;
  const [check] = checks;
  if (check.name === IS_CANONICAL_INT) return intReader(check.constraints[0] as IntRange);
  if (check.name === 'isEnum') return enumReader(check.constraints[1] as unknown[]);
  return undefined;
}

/**
 * Whether class-transformer (as the pipe runs it) makes the same instance as `parse` from no value and
 * from each value a reader takes: a conversion of its own (`@Transform`), a renamed or excluded property
 * (`@Expose`, `@Exclude`) shows as a difference, and the class is then left to the pipe.
 */
function agreesWithClassTransformer(
  metatype: Dto,
  readers: Map<string, Reader>,
  parse: QueryParser,
  options: ClassTransformOptions,
): boolean {
  const queries = [{}, ...[...readers].flatMap(([key, { samples }]) => samples.map((raw) => ({ [key]: raw })))];
  return queries.every((query) => isDeepStrictEqual(parse(query), plainToInstance(metatype, query, options)));
}

/**
 * A parser for the query DTOs made of optional integers and enums (pages, filters), or null. Its answer
 * is the instance class-transformer and class-validator would have made; anything it does not take
 * (another key, a repeated key, a value out of range) returns undefined and goes the whole way, so
 * every error is still class-validator's, word for word.
 */
function compile(metatype: Dto, options: ClassTransformOptions): QueryParser | null {
  const rules = getMetadataStorage().getTargetValidationMetadatas(metatype, '', false, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const rule of rules) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  if (byProperty.has('') || byProperty.size === 0) return null;
  const readers = new Map<string, Reader>();
  const defaults = new metatype() as Record<string, unknown>;
  for (const [property, propertyRules] of byProperty) {
    const reader = readerOf(propertyRules);
    if (reader === null) return null;
    // A default is validated like a value sent; the fast path takes only defaults that need no check.
    if (defaults[property] !== undefined && !reader) return null;
    if (reader) readers.set(property, reader);
  }
  const parse: QueryParser = (query) => {
    const instance = new metatype() as Record<string, unknown>;
    for (const key of Object.keys(query)) {
      const raw = query[key];
      const reader = readers.get(key);
      if (!reader || typeof raw !== 'string') return undefined;
      const value = reader.read(raw);
      if (value === NOT_TAKEN) return undefined;
      instance[key] = value;
    }
    return instance;
  };
  return agreesWithClassTransformer(metatype, readers, parse, options) ? parse : null;
}

const parsers = new WeakMap<Dto, QueryParser | null>();

/**
 * The query's DTO instance when the fast path can tell it is valid; undefined to leave it to the pipe.
 * `options` are the pipe's class-transformer options (the same for every call).
 */
export function parseQueryFast(metatype: Dto, query: unknown, options: ClassTransformOptions): object | undefined {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return undefined;
  let parser = parsers.get(metatype);
  if (parser === undefined) {
    parser = compile(metatype, options);
    parsers.set(metatype, parser);
  }
  return parser?.(query as Record<string, unknown>);
}
