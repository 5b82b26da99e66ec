import fc from 'fast-check';
import type { Operation, Schema } from './openapi';

/** Longer than every documented string limit of a body (the lead's projectDetailsHtml: 20,000). */
export const OVERLONG_BODY_STRING = 30_000;
/** Longer than every documented string limit of a query, and short enough for a request line. */
export const OVERLONG_QUERY_STRING = 1_000;

// Ids a fuzzed request may name: its own rows, or ones that cannot belong to another test's rows.
export const idArb = (ownIds: number[]): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...ownIds.map(String)), weight: 6 },
    fc.integer({ min: 2_000_000_000, max: 2_147_483_647 }).map(String),
    fc.integer({ min: -1_000_000, max: 0 }).map(String),
    fc.constantFrom(
      'abc',
      '1.5',
      '1e3',
      '0x10',
      'NaN',
      'Infinity',
      '99999999999999999999',
      ' 1',
      '-0',
      '',
      '%',
      '..',
      'null',
      '[]',
      '{}',
    ),
    fc.string({ maxLength: 40 }),
  );

const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant('x'.repeat(5000)),
  fc.constantFrom("' OR 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '${7*7}', '\u0000', '😀'.repeat(50)),
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** A string for the schema: any text, and as often the lengths at and just over its limit. */
function stringArb(schema: Schema): fc.Arbitrary<string> {
  const max = schema.maxLength;
  const around = max === undefined ? [] : [max, max + 1];
  return fc.oneof(
    { arbitrary: fc.string({ maxLength: (max ?? 50) + 5 }), weight: 2 },
    fc.constantFrom(...around, OVERLONG_QUERY_STRING).map((length) => 'x'.repeat(length)),
  );
}

export function valueArb(schema: Schema): fc.Arbitrary<unknown> {
  const plausible: fc.Arbitrary<unknown> = schema.enum
    ? fc.constantFrom(...schema.enum)
    : schema.type === 'integer' || schema.type === 'number'
      ? fc.integer({ min: (schema.minimum ?? -10) - 2, max: (schema.maximum ?? 1000) + 2 })
      : schema.type === 'boolean'
        ? fc.boolean()
        : schema.format === 'email'
          ? fc.oneof(fc.emailAddress(), stringArb(schema))
          : schema.type === 'array'
            ? fc.array(schema.items ? valueArb(schema.items) : junkArb, { maxLength: 7 })
            : stringArb(schema);
  return fc.oneof({ arbitrary: plausible, weight: 3 }, { arbitrary: junkArb, weight: 1 });
}

/**
 * A body the route should accept: each property's documented example, or a plain value of its type;
 * a list of objects holds one valid object. `resolve` follows the document's $refs.
 */
export function validBody(schema: Schema | undefined, resolve: (s: Schema) => Schema): Record<string, unknown> {
  const plain = (s: Schema): unknown =>
    s.example ??
    s.enum?.[0] ??
    (s.type === 'boolean'
      ? true
      : s.type === 'integer' || s.type === 'number'
        ? (s.minimum ?? 1)
        : s.type === 'array'
          ? s.items && resolve(s.items).properties
            ? [validBody(resolve(s.items), resolve)]
            : []
          : 'text');
  return Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([k, s]) => [k, plain(resolve(s))]));
}

export function bodyArb(schema: Schema | undefined, resolve: (s: Schema) => Schema): fc.Arbitrary<string | undefined> {
  const valid = validBody(schema, resolve);
  const keys = Object.keys(valid);
  const properties = Object.entries(schema?.properties ?? {}).map(([k, s]) => [k, resolve(s)] as const);
  // One property of an otherwise valid body replaced with junk or a value at its limits: reaches the
  // code behind validation.
  const oneFieldWrong = keys.length
    ? fc
        .constantFrom(...properties)
        .chain(([key, s]) => fc.oneof(junkArb, valueArb(s)).map((value) => JSON.stringify({ ...valid, [key]: value })))
    : fc.constant(JSON.stringify(valid));
  const fromSchema = fc
    .record(Object.fromEntries(properties.map(([k, s]) => [k, valueArb(s)])), { requiredKeys: [] })
    .chain((obj) =>
      fc
        .option(fc.dictionary(fc.string({ maxLength: 10 }), junkArb, { maxKeys: 2 }))
        .map((extra) => ({ ...obj, ...extra })),
    )
    .map((obj) => JSON.stringify(obj));
  return fc.oneof(
    { arbitrary: fromSchema, weight: 3 },
    { arbitrary: oneFieldWrong, weight: 4 },
    { arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        'null',
        '[]',
        '""',
        'not json',
        '\u0000\u0001',
        '{"__proto__":{"admin":true}}',
        '{"a":"\\ud800"}',
        `{"a":${'['.repeat(2000)}${']'.repeat(2000)}}`,
      ),
      weight: 1,
    },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

const asQueryValue = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

export function queryArb(op: Operation): fc.Arbitrary<string> {
  const declared = op.parameters.filter((p) => p.in === 'query');
  const pairs = fc.tuple(
    ...declared.map((p) =>
      fc
        .option(fc.oneof(valueArb(p.schema).map(asQueryValue), fc.string({ maxLength: 20 })), { nil: undefined })
        .map((v) => [p.name, v] as const),
    ),
    fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 10 })), { nil: undefined }),
  );
  return pairs.map((entries) => {
    const params = new URLSearchParams();
    for (const entry of entries) if (entry && entry[1] !== undefined) params.append(entry[0], entry[1]);
    const query = params.toString();
    return query ? `?${query}` : '';
  });
}

export const contentTypeArb = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/json; charset=utf-16',
      'application/json; charset=klingon',
      'image/png',
      '*/*',
      'garbage',
    ),
    weight: 2,
  },
);
