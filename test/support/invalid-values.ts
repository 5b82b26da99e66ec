import fc from 'fast-check';
import type { JsonSchema, ValidValues } from './valid-values';

/** One documented constraint broken: what was broken, and the value that breaks it. */
export interface Broken {
  rule: string;
  value: unknown;
}

const ABSENT = Symbol('absent');
/** Strings tried against a pattern: each one the pattern refuses is a break of it. */
const PATTERN_PROBES = ['', ' ', 'x', '0', '!', '..', 'é', 'a b', '\u0000', '-1'];
/** A value the format does not describe (the patterns of the document mostly say the same). */
const FORMAT_PROBES: Record<string, string> = {
  email: 'not-an-email',
  uri: 'not a uri',
  date: '2021-02-30',
  'date-time': '2021-13-01T25:61:00Z',
  uuid: 'not-a-uuid',
  int32: '1.5',
  int64: '1.5',
};

/**
 * A value of another JSON type than the schema's (and null where it is not nullable). The type may be
 * stated by a part of an allOf only, as for a property that is a described `$ref`.
 */
function otherTypes(schema: JsonSchema, parts: JsonSchema[]): Broken[] {
  const typeOf = (part: JsonSchema) => part.type ?? (part.properties ? 'object' : part.items ? 'array' : undefined);
  const type = parts.map(typeOf).find((found) => found !== undefined);
  const byType: Record<string, unknown[]> = {
    string: [12345, true, ['x'], { x: 'x' }],
    integer: ['1', 1.5, true, [1]],
    number: ['1', true, [1]],
    boolean: ['true', 1, [true]],
    array: ['x', 1, { x: 'x' }],
    object: ['x', 1, []],
  };
  const wrong = (type && byType[type]) || [];
  return [
    ...wrong.map((value) => ({ rule: `type ${type}: ${JSON.stringify(value)}`, value })),
    ...(schema.nullable ? [] : [{ rule: 'not nullable', value: null }]),
  ];
}

function stringBreaks(schema: JsonSchema, valid: unknown): Broken[] {
  const text = typeof valid === 'string' ? valid : '';
  const out: Broken[] = [];
  if (schema.minLength) out.push({ rule: `minLength ${schema.minLength}`, value: text.slice(0, schema.minLength - 1) });
  if (schema.maxLength !== undefined) {
    // Also with white space at its end: a server that trims before it counts must still refuse it.
    for (const fill of [text.at(-1) ?? 'x', ' '])
      out.push({
        rule: `maxLength ${schema.maxLength} (${JSON.stringify(fill)})`,
        value: text.padEnd(schema.maxLength + 1, fill),
      });
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    for (const probe of PATTERN_PROBES.filter((p) => !pattern.test(p)).slice(0, 3))
      out.push({ rule: `pattern: ${JSON.stringify(probe)}`, value: probe });
  }
  if (schema.format && FORMAT_PROBES[schema.format])
    out.push({ rule: `format ${schema.format}`, value: FORMAT_PROBES[schema.format] });
  return out;
}

function numberBreaks(schema: JsonSchema): Broken[] {
  return [
    ...(schema.minimum !== undefined ? [{ rule: `minimum ${schema.minimum}`, value: schema.minimum - 1 }] : []),
    ...(schema.maximum !== undefined ? [{ rule: `maximum ${schema.maximum}`, value: schema.maximum + 1 }] : []),
  ];
}

/**
 * Values that each break one constraint the schema states, built from a valid value (`valid`, or one
 * the document admits when it is absent): its type, nullability, enum, lengths, pattern, format, range,
 * items, required and unknown properties, and the same of every property and item within. A break is
 * kept only when the document's own validator refuses the whole value (`admits`): one that another
 * alternative of an anyOf/oneOf still admits is no break.
 */
export function breaksOf(values: ValidValues, raw: JsonSchema, valid: unknown, seed: number): Broken[] {
  const schema = values.resolve(raw);
  const merged = [schema, ...(schema.allOf ?? []).map((s) => values.resolve(s))];
  const out: Broken[] = otherTypes(schema, merged);
  for (const part of merged) {
    if (part.enum) out.push({ rule: 'enum', value: typeof part.enum[0] === 'number' ? -987654 : 'NOT_IN_ENUM' });
    const type = part.type ?? schema.type;
    if (type === 'string') out.push(...stringBreaks(part, valid));
    if (type === 'integer' || type === 'number') out.push(...numberBreaks(part));
    if (type === 'array' || part.items) out.push(...arrayBreaks(values, part, valid, seed));
    if (part.properties) out.push(...objectBreaks(values, part, valid, seed));
  }
  return out.filter(({ value }) => !values.admits(raw, value));
}

function arrayBreaks(values: ValidValues, schema: JsonSchema, valid: unknown, seed: number): Broken[] {
  const items = Array.isArray(valid) ? valid : [];
  const item = items[0] ?? sample(values, schema.items ?? {}, seed);
  const out: Broken[] = [];
  if (schema.minItems) out.push({ rule: `minItems ${schema.minItems}`, value: items.slice(0, schema.minItems - 1) });
  if (schema.maxItems !== undefined) {
    const more = fc.sample(values.of(schema.items ?? {}), { numRuns: schema.maxItems + 1, seed });
    out.push({ rule: `maxItems ${schema.maxItems}`, value: more });
  }
  if (schema.uniqueItems) out.push({ rule: 'uniqueItems', value: [item, item] });
  for (const broken of schema.items ? breaksOf(values, schema.items, item, seed) : [])
    out.push({ rule: `items: ${broken.rule}`, value: [broken.value, ...items.slice(1)] });
  return out;
}

function objectBreaks(values: ValidValues, schema: JsonSchema, valid: unknown, seed: number): Broken[] {
  const base = valid && typeof valid === 'object' && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
  const out: Broken[] = [];
  for (const name of schema.required ?? []) out.push({ rule: `required ${name}`, value: without(base, name) });
  if (schema.additionalProperties === false)
    out.push({ rule: 'additionalProperties', value: { ...base, unknownProperty: 'x' } });
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const own = name in base ? base[name] : sample(values, property, seed);
    if (own === ABSENT) continue;
    for (const broken of breaksOf(values, property, own, seed))
      out.push({ rule: `${name}: ${broken.rule}`, value: { ...base, [name]: broken.value } });
  }
  return out;
}

const without = (object: Record<string, unknown>, name: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(object).filter(([key]) => key !== name));

function sample(values: ValidValues, schema: JsonSchema, seed: number): unknown {
  try {
    return fc.sample(values.of(schema), { numRuns: 1, seed })[0];
  } catch {
    return ABSENT;
  }
}

/**
 * The breaks of a path, query or header parameter as they go on the wire (text): numbers and
 * booleans written out, and what text cannot stand for the type (`x`, `1.5`, an empty value).
 */
export function wireBreaksOf(values: ValidValues, raw: JsonSchema, valid: unknown, seed: number): Broken[] {
  const schema = values.resolve(raw);
  const text: Broken[] = ['x', '1.5', '', '1e3', ' 1', '0x10', 'null', '0', '1', 'yes', 'TRUE'].map((value) => ({
    rule: `text ${JSON.stringify(value)}`,
    value,
  }));
  const typed = breaksOf(values, schema, valid, seed).filter(
    ({ value }) => typeof value === 'string' || typeof value === 'number',
  );
  return [...typed.map(({ rule, value }) => ({ rule, value: String(value) })), ...text].filter(
    ({ value }) => !values.admits(schema, fromWire(schema, String(value))),
  );
}

/** The JSON value a wire text stands for, as the document's types read it (a number, a boolean). */
export function fromWire(schema: JsonSchema, text: string): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (schema.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
