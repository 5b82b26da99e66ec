import type {
  HeaderObject,
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import { SCOPE_EXTENSION } from '../auth/decorators/access.decorators';
import { type ErrorStatus, errorResponse } from '../common/envelope/api-errors.decorator';
import { nullableRef } from '../common/openapi/nullable-ref';
import { objectRulesOf } from '../common/openapi/object-rule.decorator';
import { atLeastOneOfRule } from '../common/validation/at-least-one-of.decorator';
import { TEXT_PATTERN } from '../common/validation/text-pattern';
import { NAMED_ENUMS } from './named-enums';

type Schema = SchemaObject | ReferenceObject;

const WRITES = ['post', 'put', 'patch', 'delete'] as const;
const METHODS = ['get', ...WRITES] as const;
const API_PATH = /^\/rest-(manager-)?api-v1\//;
const SCHEMA_REF = '#/components/schemas/';

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retried write safe: the first request with a key runs, a repeat with the same key, method, ' +
    'path, query and body (compared as JSON values) gets the same answer back, byte for byte (header ' +
    'Idempotent-Replayed: true), without running again; the same key for another request is a 422, while ' +
    'the first still runs a 409. Kept 24 hours, per account; 5xx answers are not kept. An answer that ' +
    'shows a credential (an API token, a webhook secret) is never kept: a repeat is a 409 and issues none.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
} as const;

const RATE_LIMIT_HEADERS: Record<string, HeaderObject> = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the window (250 per 5 minutes).',
    schema: { type: 'integer', minimum: 1 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the oldest counted request leaves the window.',
    schema: { type: 'integer', minimum: 0 },
  },
};
const RETRY_AFTER: HeaderObject = {
  description: 'Whole seconds until a request will be accepted again.',
  schema: { type: 'integer', minimum: 0 },
};

/**
 * What the pipeline around the controllers does to every route, written into the document once here
 * rather than on each route: public routes need no token, writes take an Idempotency-Key and may get
 * its 409/422 and the body parser's 413/415, limited routes carry the rate-limit headers, request
 * bodies refuse unknown properties, any route can fail with a 500, and enums are named.
 */
export function finishDocument(document: OpenAPIObject): void {
  nameEnums(document);
  nullableObjects(document);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.security ??= [];
      declareScope(operation);
      if (!operation.summary) operation.summary = summaryOf(operation.operationId ?? `${method} ${path}`);
      if (API_PATH.test(path) && (WRITES as readonly string[]).includes(method)) declareWrite(operation);
      if (operation.responses['429']) declareRateLimitHeaders(operation);
      closeRequestBody(document, operation);
      foldObjectQuery(document, operation);
      for (const parameter of (operation.parameters ?? []) as ParameterObject[]) {
        if (parameter.in !== 'header' && parameter.schema) stateTextRule(parameter.schema);
      }
      // Any request can be malformed before it reaches a route (no Host header, a badly encoded path).
      addError(operation, 400);
      // An id left empty makes the path its parent's, which may not take this method.
      if (path.includes('{')) addError(operation, 405);
      addError(operation, 500);
    }
  }
}

/** `listLeads` -> "List leads". */
const summaryOf = (operationId: string): string => {
  const words = operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The scope a route declares (`@RequiresScope`) goes into its security requirement, so the document, the
 * typed client and Swagger UI show what a key needs, and into its description for the readers that show
 * no requirement's scopes.
 */
function declareScope(operation: OperationObject & { [SCOPE_EXTENSION]?: string }): void {
  const scope = operation[SCOPE_EXTENSION];
  if (scope === undefined) return;
  delete operation[SCOPE_EXTENSION];
  operation.security = operation.security!.map((requirement) =>
    Object.fromEntries(Object.keys(requirement).map((scheme) => [scheme, [scope]])),
  );
  const needs = `API key scope: \`${scope}\`${scope === '*' ? ' (every scope)' : ''}.`;
  operation.description = operation.description ? `${operation.description}\n\n${needs}` : needs;
}

function addError(operation: OperationObject, status: ErrorStatus): void {
  operation.responses[status] ??= errorResponse(status);
}

function declareWrite(operation: OperationObject): void {
  operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_KEY_PARAMETER];
  const conflict = operation.responses['409'] as ResponseObject | undefined;
  if (conflict) conflict.description += ` Also: ${errorResponse(409).description}`;
  for (const status of [409, 413, 415, 422] as const) addError(operation, status);
}

function declareRateLimitHeaders(operation: OperationObject): void {
  for (const [status, response] of Object.entries(operation.responses)) {
    const headers = { ...(response as ResponseObject).headers, ...RATE_LIMIT_HEADERS };
    (response as ResponseObject).headers = status === '429' ? { ...headers, 'Retry-After': RETRY_AFTER } : headers;
  }
}

/**
 * Unknown body properties are a 400 (docs/contract.md#envelope): the body schemas say so, and state
 * their "at least one of" and object rules and the text rule.
 */
function closeRequestBody(document: OpenAPIObject, operation: OperationObject): void {
  const body = operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
  const schema = body?.content?.['application/json']?.schema;
  if (schema) closeSchema(document, schema, new Set());
}

function closeSchema(document: OpenAPIObject, schema: Schema, seen: Set<Schema>): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  if ('$ref' in schema) {
    const name = schema.$ref.slice(SCHEMA_REF.length);
    const target = document.components!.schemas![name] as SchemaObject;
    const rule = atLeastOneOfRule(name);
    if (rule) target.anyOf = rule.map((property) => ({ required: [property] }));
    const added = objectRulesOf(name).filter((objectRule) => !target.allOf?.includes(objectRule));
    if (added.length) target.allOf = [...(target.allOf ?? []), ...added];
    closeSchema(document, target, seen);
    return;
  }
  if (schema.type === 'object' && schema.properties) schema.additionalProperties = false;
  stateTextRule(schema);
  const children = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.allOf ?? []),
  ];
  for (const child of children) closeSchema(document, child, seen);
}

/** No NUL in any text a client sends (lone surrogates: TEXT_RULE, in prose); a string with a pattern or an enum says more already. */
function stateTextRule(schema: Schema): void {
  if ('$ref' in schema || schema.type !== 'string' || schema.pattern || schema.enum || schema.format) return;
  schema.pattern = TEXT_PATTERN;
}

/**
 * A query parameter whose schema is an object (`style: form, explode: true`: each property its own
 * parameter on the wire) states the rules of its properties together (`anyOf`); the separate
 * parameters Nest derives from the same DTO are dropped.
 */
function foldObjectQuery(document: OpenAPIObject, operation: OperationObject): void {
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  for (const parameter of parameters) {
    if (parameter.in !== 'query' || !parameter.schema || !('$ref' in parameter.schema)) continue;
    closeSchema(document, parameter.schema, new Set());
    const target = document.components!.schemas![parameter.schema.$ref.slice(SCHEMA_REF.length)] as SchemaObject;
    const folded = new Set(Object.keys(target.properties ?? {}));
    operation.parameters = parameters.filter((p) => p === parameter || p.in !== 'query' || !folded.has(p.name));
  }
}

/**
 * A nullable property of a DTO's type (`LeadReferrerResponse | null`) comes out as `nullable` beside an
 * `allOf` of its reference, which null does not match: null becomes its own alternative.
 */
function nullableObjects(document: OpenAPIObject): void {
  for (const schema of Object.values(document.components!.schemas!) as SchemaObject[]) {
    for (const [name, property] of Object.entries(schema.properties ?? {}) as [string, SchemaObject][]) {
      if (!property.nullable || property.allOf?.length !== 1) continue;
      const {
        type: _type,
        nullable: _nullable,
        allOf: [ref],
        ...rest
      } = property;
      schema.properties![name] = nullableRef(ref, 'object', rest);
    }
  }
}

/** Replaces every inline copy of a named enum by a reference to its schema. */
function nameEnums(document: OpenAPIObject): void {
  const byValues = new Map(
    Object.entries(NAMED_ENUMS).map(([name, { values }]) => [[...values].sort().join('\n'), name]),
  );
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const schema = node as SchemaObject;
    const values = schema.enum as unknown[] | undefined;
    const name = Array.isArray(values) ? byValues.get(values.map(String).sort().join('\n')) : undefined;
    if (name) {
      const { type, enum: _values, nullable: _nullable, ...rest } = schema;
      const ref = { $ref: `${SCHEMA_REF}${name}` };
      if (schema.nullable) return nullableRef(ref, type, rest);
      return Object.keys(rest).length ? { ...rest, allOf: [ref] } : ref;
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
  };
  document.paths = visit(document.paths) as OpenAPIObject['paths'];
  document.components!.schemas = visit(document.components!.schemas) as Record<string, Schema>;
  for (const [name, { description, values }] of Object.entries(NAMED_ENUMS)) {
    document.components!.schemas[name] = { type: 'string', enum: [...values], description };
  }
}
