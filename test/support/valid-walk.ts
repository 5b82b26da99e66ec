import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { METHODS, accessOf } from './openapi';
import { type JsonSchema, ValidValues } from './valid-values';

interface RawParameter {
  name: string;
  in: string;
  required?: boolean;
  style?: string;
  explode?: boolean;
  description?: string;
  schema: JsonSchema;
}

interface RawOperation {
  operationId: string;
  description?: string;
  security?: Record<string, unknown>[];
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string }>;
}

export interface Document {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], RawOperation>>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface WalkOperation {
  method: (typeof METHODS)[number];
  path: string;
  raw: RawOperation;
  access: ReturnType<typeof accessOf>;
}

/** One request of the walk: the path's own ids filled in, the query as its parameters, a JSON or multipart body. */
export interface WalkRequest {
  path: string;
  query: Record<string, string>;
  body?: unknown;
  multipart?: boolean;
}

/** The document the global setup wrote from the built service (its DTOs' properties included). */
export const servedDocument = (): Document =>
  JSON.parse(readFileSync(process.env.E2E_OPENAPI_DOCUMENT!, 'utf8')) as Document;

export function operationsOf(document: Document): WalkOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const raw = item[method];
      if (!raw) return [];
      return [{ method, path, raw, access: accessOf(raw.security) }];
    }),
  );
}

/** A query value on the wire (`form` style): strings as they are, numbers and booleans written out. */
const wire = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Valid requests for the operation, from its document: each path id one the test owns (`ownId`),
 * each query parameter from its schema (an object parameter of `style: form, explode: true` sends
 * each of its properties as its own parameter), the body from its schema.
 */
export function requestArb(
  op: WalkOperation,
  values: ValidValues,
  ownId: (op: WalkOperation, name: string) => string,
): fc.Arbitrary<WalkRequest> {
  const parameters = op.raw.parameters ?? [];
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(ownId(op, name)));
  const query = parameters
    .filter((p) => p.in === 'query')
    .map((p) => {
      const value = values.of(p.schema);
      const sent = p.required ? value : fc.option(value, { nil: undefined, freq: 3 });
      return sent.map((v): Record<string, string> => {
        if (v === undefined) return {};
        const object = values.resolve(p.schema).type === 'object' && p.explode !== false;
        return object
          ? Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, wire(x)]))
          : { [p.name]: wire(v) };
      });
    });
  const [contentType, content] = Object.entries(op.raw.requestBody?.content ?? {})[0] ?? [];
  const body = content && contentType === 'application/json' ? values.of(content.schema) : fc.constant(undefined);
  return fc.record({ query: fc.tuple(...query), body }).map(({ query: parts, body: b }) => ({
    path,
    query: Object.assign({}, ...parts) as Record<string, string>,
    body: b,
    multipart: contentType === 'multipart/form-data',
  }));
}

/**
 * A rule over several values of a request that JSON Schema cannot state: the document states it in
 * prose (`stated`, found in the operation's or its parameters' and properties' descriptions), and the
 * walk sends only requests that keep it, mending the others (`mend`), as a client reading the prose would.
 */
export interface ProseRule {
  name: string;
  applies: (op: WalkOperation, request: WalkRequest) => boolean;
  stated: RegExp;
  mend: (request: WalkRequest) => WalkRequest;
}

/** The text of what the document says about the operation: its description and its fields'. */
export function documentTextOf(op: WalkOperation, document: Document): string {
  const texts: string[] = [op.raw.description ?? ''];
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const { $ref, description } = node as { $ref?: string; description?: unknown };
    if (typeof description === 'string') texts.push(description);
    if ($ref) visit(document.components.schemas[$ref.replace('#/components/schemas/', '')]);
    Object.values(node).forEach(visit);
  };
  visit(op.raw.parameters);
  visit(op.raw.requestBody);
  return texts.join('\n');
}
