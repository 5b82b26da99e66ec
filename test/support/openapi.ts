/** The operations of the service as its own OpenAPI document describes them. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI template, e.g. /rest-manager-api-v1/vendors/{vendorId} */
  path: string;
  access: 'vendor' | 'manager' | 'public';
  /** The API key scopes its security requirement lists (one: the scope the route declares). */
  scopes: string[];
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  body?: { contentType: string; schema: Schema };
  /** The statuses its document lists an answer for ("200", "404"…). */
  statuses: string[];
}

export interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  example?: unknown;
  $ref?: string;
  allOf?: Schema[];
}

interface Document {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, Schema> };
}

interface RawOperation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, unknown>;
}

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Which token an operation takes, from its security requirement. */
export function accessOf(security: Record<string, unknown>[] = []): Operation['access'] {
  const schemes = security.flatMap((s) => Object.keys(s));
  return schemes.includes('vendor-token') ? 'vendor' : schemes.includes('manager-token') ? 'manager' : 'public';
}

export async function loadOperations(
  baseUrl: string,
): Promise<{ operations: Operation[]; resolve: (s: Schema) => Schema }> {
  const doc = (await (await fetch(`${baseUrl}/docs-json`)).json()) as Document;
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? resolve(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const access = accessOf(op.security);
      const [contentType, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method,
        path,
        access,
        scopes: [...new Set((op.security ?? []).flatMap((requirement) => Object.values(requirement).flat()))],
        parameters: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({
            name: p.name,
            in: p.in as 'path' | 'query',
            required: p.required ?? false,
            schema: resolve(p.schema),
          })),
        body: content ? { contentType, schema: resolve(content.schema) } : undefined,
        statuses: Object.keys(op.responses ?? {}),
      });
    }
  }
  return { operations, resolve };
}

export const fillPath = (template: string, values: Record<string, string>, fallback = '1'): string =>
  template.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? fallback));
