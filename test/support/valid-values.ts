import fc from 'fast-check';
import OpenAPIResponseValidator from 'openapi-response-validator';

/** A JSON Schema of the OpenAPI 3.0 document, as far as the walk reads it. */
export interface JsonSchema {
  $ref?: string;
  type?: string;
  format?: string;
  nullable?: boolean;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  not?: JsonSchema;
  description?: string;
}

type ValidatorArgs = ConstructorParameters<typeof OpenAPIResponseValidator>[0];
const SCHEMA_REF = '#/components/schemas/';
/** A string with no maxLength is generated this long at most, so that a request stays small. */
const DEFAULT_MAX_LENGTH = 60;

/**
 * Values valid for a schema of the document, as fast-check arbitraries: built from its types, enums,
 * patterns (`fc.stringMatching`), lengths, ranges, required properties and items, and then held to the
 * whole schema (its `anyOf`, `oneOf`, `not` and `allOf`) by the document's own validator (Ajv, the one
 * the response contract uses), so that only values the document admits are sent.
 */
export class ValidValues {
  private readonly checks = new Map<JsonSchema, (value: unknown) => boolean>();

  constructor(private readonly schemas: Record<string, JsonSchema>) {}

  resolve(schema: JsonSchema): JsonSchema {
    return schema.$ref ? this.resolve(this.schemas[schema.$ref.slice(SCHEMA_REF.length)]) : schema;
  }

  /** Whether the document admits the value for the schema. */
  admits(schema: JsonSchema, value: unknown): boolean {
    let check = this.checks.get(schema);
    if (!check) {
      const validator = new OpenAPIResponseValidator({
        responses: { default: { description: '', content: { 'application/json': { schema } } } },
        components: { schemas: this.schemas },
      } as unknown as ValidatorArgs);
      check = (candidate) => validator.validateResponse('default', candidate) === undefined;
      this.checks.set(schema, check);
    }
    return check(value);
  }

  of(raw: JsonSchema): fc.Arbitrary<unknown> {
    const schema = this.resolve(raw);
    const { allOf, anyOf, oneOf, not, ...base } = schema;
    if (!allOf && !anyOf && !oneOf && !not) return this.plain(schema);
    // allOf members add their constraints; their own alternatives are left to the final check.
    const core = [base, ...(allOf ?? []).map((member) => withoutCombinators(this.resolve(member)))].reduce(merge);
    const alternatives = [...(anyOf ?? []), ...(oneOf ?? [])].map((s) => this.resolve(s));
    const candidates = alternatives.length
      ? fc.oneof(...alternatives.map((alternative) => this.plain(merge(core, withoutCombinators(alternative)))))
      : this.plain(core);
    return candidates.filter((value) => this.admits(schema, value));
  }

  /** A schema without combinators (its properties may have them). */
  private plain(schema: JsonSchema): fc.Arbitrary<unknown> {
    const value = this.typed(schema);
    return schema.nullable
      ? fc.oneof({ arbitrary: value, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })
      : value;
  }

  private typed(schema: JsonSchema): fc.Arbitrary<unknown> {
    if (schema.enum) return fc.constantFrom(...schema.enum.filter((v) => v !== null || schema.nullable));
    switch (schema.type ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined)) {
      case 'string':
        return stringOf(schema);
      case 'integer':
        return fc
          .bigInt({
            min: BigInt(schema.minimum ?? -(2 ** 31)),
            max: BigInt(schema.maximum ?? 2 ** 31 - 1),
          })
          .map(Number);
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 5) };
        const items = this.of(schema.items ?? {});
        return schema.uniqueItems
          ? fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) })
          : fc.array(items, constraints);
      }
      case 'object':
        return this.objectOf(schema);
      default:
        return fc.constant('any');
    }
  }

  private objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    const required = new Set(schema.required ?? []);
    const entries = Object.entries(schema.properties ?? {}).map(([name, property]) => {
      const value = this.of(property);
      return [
        name,
        required.has(name)
          ? value.map((v) => [v])
          : fc.option(
              value.map((v) => [v]),
              { freq: 2 },
            ),
      ] as const;
    });
    return fc
      .tuple(...entries.map(([, arb]) => arb))
      .map((values) => Object.fromEntries(entries.flatMap(([name], i) => (values[i] ? [[name, values[i][0]]] : []))));
  }
}

function withoutCombinators(schema: JsonSchema): JsonSchema {
  const { allOf: _all, anyOf: _any, oneOf: _one, not: _not, ...rest } = schema;
  return rest;
}

/** Both schemas' constraints (each property's merged, required united): an alternative within its base. */
function merge(a: JsonSchema, b: JsonSchema): JsonSchema {
  const names = new Set([...Object.keys(a.properties ?? {}), ...Object.keys(b.properties ?? {})]);
  const properties =
    a.properties || b.properties
      ? Object.fromEntries([...names].map((name) => [name, { ...a.properties?.[name], ...b.properties?.[name] }]))
      : undefined;
  const required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  return { ...a, ...b, ...(properties && { properties }), ...(required.length && { required }) };
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? DEFAULT_MAX_LENGTH;
  const text = schema.pattern
    ? fc.stringMatching(new RegExp(schema.pattern, 'u'))
    : fc.string({ minLength, maxLength: Math.min(maxLength, DEFAULT_MAX_LENGTH) });
  return text.filter((value) => value.length >= minLength && value.length <= maxLength);
}
