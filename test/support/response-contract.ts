import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import OpenAPIResponseValidator from 'openapi-response-validator';
import { readFileSync } from 'node:fs';

/**
 * Every response a test app sends, checked against the document the built service serves (written by
 * the global setup with `dist/scripts/write-openapi.js`: under Jest the sources are compiled without
 * the Swagger plugin, so an in-process app's own document lacks the DTOs' properties): the status must be
 * documented for the operation, the content type among the documented ones, and a JSON body must
 * match its schema (openapi-response-validator, Ajv). What does not match is kept here until the
 * e2e setup (response-contract.setup.ts) fails the running test with it.
 */
const mismatches: string[] = [];
let enabled = false;

/** Called by the e2e setup only, so benchmarks that reuse the test app are not slowed down. */
export function enableResponseContract(): void {
  enabled = true;
}

export function takeMismatches(): string[] {
  return mismatches.splice(0);
}

interface Route {
  pattern: RegExp;
  /** Routes with fewer parameters win: /general-leads/filter-counts before /general-leads/{id}. */
  parameters: number;
  operations: Partial<Record<string, OperationObject>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type ValidatorArgs = ConstructorParameters<typeof OpenAPIResponseValidator>[0];
const ANY_STATUS = 'default';
const SCHEMA_REF = '#/components/schemas/';

export class ResponseContract {
  private readonly routes: Route[];
  private readonly validators = new Map<string, OpenAPIResponseValidator>();

  constructor(private readonly document: OpenAPIObject) {
    this.routes = Object.entries(document.paths)
      .map(([template, item]) => ({
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        parameters: (template.match(/\{/g) ?? []).length,
        operations: Object.fromEntries(METHODS.filter((m) => item[m]).map((m) => [m, item[m]])),
      }))
      .sort((a, b) => a.parameters - b.parameters);
  }

  /** What is wrong with one response, or undefined; routes the document does not describe are not checked. */
  check(
    method: string,
    path: string,
    status: number,
    contentType: string | undefined,
    body: string,
  ): string | undefined {
    const operation = this.routes.find((route) => route.pattern.test(path))?.operations[method.toLowerCase()];
    if (!operation) return undefined;
    const where = `${method} ${path} answered ${status}`;
    const response = operation.responses[status] as ResponseObject | undefined;
    if (!response)
      return `${where}, a status the document does not list for ${operation.operationId}: ${body.slice(0, 300)}`;
    const types = Object.keys(response.content ?? {});
    const type = contentType?.split(';')[0].trim();
    if (types.length && (!type || !types.includes(type))) {
      return `${where} with Content-Type ${type}; the document says ${types.join(', ')}`;
    }
    if (type !== 'application/json') return undefined;
    const problem = this.validatorOf(response).validateResponse(ANY_STATUS, JSON.parse(body) as unknown);
    if (!problem) return undefined;
    const errors = (problem.errors as { path?: string; message: string }[]).map((e) => `${e.path}: ${e.message}`);
    return `${where}, a body that does not match ${operation.operationId}'s schema (${errors.join('; ')}): ${body.slice(0, 500)}`;
  }

  /**
   * One validator per distinct response schema (every error answer shares one), compiled on first use
   * with only the component schemas it reaches: compiling every status of every operation against the
   * whole document took about 12 s per test file on this machine.
   */
  private validatorOf(response: ResponseObject): OpenAPIResponseValidator {
    const key = JSON.stringify(response.content);
    let validator = this.validators.get(key);
    if (!validator) {
      validator = new OpenAPIResponseValidator({
        responses: { [ANY_STATUS]: response } as unknown as ValidatorArgs['responses'],
        components: { schemas: this.reachableSchemas(response) } as ValidatorArgs['components'],
      });
      this.validators.set(key, validator);
    }
    return validator;
  }

  private reachableSchemas(node: unknown, found: Record<string, unknown> = {}): Record<string, unknown> {
    if (!node || typeof node !== 'object') return found;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF)) {
      const name = ref.slice(SCHEMA_REF.length);
      if (!(name in found)) this.reachableSchemas((found[name] = this.document.components!.schemas![name]), found);
    }
    for (const child of Object.values(node)) this.reachableSchemas(child, found);
    return found;
  }
}

let contract: ResponseContract | undefined;

/** The document the global setup wrote, or why there is none. */
function servedContract(): ResponseContract {
  const file = process.env.E2E_OPENAPI_DOCUMENT;
  if (!file) throw new Error(`No OpenAPI document to check responses against: ${process.env.E2E_OPENAPI_PROBLEM}`);
  return (contract ??= new ResponseContract(JSON.parse(readFileSync(file, 'utf8')) as OpenAPIObject));
}

/** Checks one response a test received from a server (a built one, in a child process), when enabled. */
export function checkReceived(
  method: string,
  url: string,
  status: number,
  contentType: string | undefined,
  body: string,
): void {
  if (!enabled || !url.startsWith('/')) return;
  const path = new URL(url, 'http://127.0.0.1').pathname;
  const problem = servedContract().check(method, path, status, contentType, body);
  if (problem) mismatches.push(problem);
}

/**
 * The built servers' answers reach tests through fetch or support/raw-http: fetch is wrapped here so
 * that each JSON answer from 127.0.0.1 is checked once its body is read (its clone's, the test's own
 * body stays unread).
 */
export function checkFetchedResponses(): void {
  const fetchOriginal = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await fetchOriginal(input, init);
    const url = new URL(response.url || (input instanceof Request ? input.url : String(input)));
    const type = response.headers.get('content-type') ?? undefined;
    if (url.hostname === '127.0.0.1' && type?.includes('json')) {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      checkReceived(method, url.pathname, response.status, type, await response.clone().text());
    }
    return response;
  };
}

/** Checks every response of the app against the served document, when the e2e setup enabled it. */
export function installResponseContract(app: NestExpressApplication): void {
  if (!enabled) return;
  const contract = servedContract();
  app.use((request: Request, response: Response, next: NextFunction) => {
    const chunks: Buffer[] = [];
    const { write, end } = response;
    const keep = (chunk: unknown, encoding?: unknown): void => {
      if (chunk && response.get('Content-Type')?.includes('json')) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding));
      }
    };
    response.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      keep(chunk, typeof rest[0] === 'string' ? rest[0] : undefined);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response['write'];
    response.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== 'function') keep(chunk, typeof rest[0] === 'string' ? rest[0] : undefined);
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response['end'];
    response.on('finish', () => {
      const path = request.originalUrl.split('?')[0];
      const body = Buffer.concat(chunks).toString('utf8');
      const problem = contract.check(request.method, path, response.statusCode, response.get('Content-Type'), body);
      if (problem) mismatches.push(problem);
    });
    next();
  });
}
