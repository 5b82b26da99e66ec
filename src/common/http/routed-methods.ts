import type { Application } from 'express';
import { match } from 'path-to-regexp';
import { DomainError, ErrorCode } from '../errors/domain-error';

/** Express application setting under which the adapter keeps the application's routes. */
const ROUTES = 'routed methods';

/**
 * The routes an application registers, as its HTTP adapter is told them (`EnvelopeExpressAdapter`):
 * Nest's controllers and the Swagger UI's pages alike, each a path pattern and a method.
 */
export class RouteTable {
  private readonly routes: { method: string; matches: (path: string) => unknown }[] = [];

  /** Keeps the table where `routedMethods` finds it. */
  constructor(app: Application) {
    app.set(ROUTES, this);
  }

  /** A route's path as Express takes it (a pattern, matched case-insensitively, a trailing slash allowed). */
  add(method: string, path: unknown): void {
    if (typeof path !== 'string') return;
    this.routes.push({ method, matches: match(path, { end: true, trailing: true, sensitive: false }) });
  }

  methodsOf(path: string): Set<string> {
    const methods = new Set<string>();
    for (const route of this.routes)
      if (!methods.has(route.method) && matches(route.matches, path)) methods.add(route.method);
    return methods;
  }
}

function matches(pattern: (path: string) => unknown, path: string): boolean {
  try {
    return Boolean(pattern(path));
  } catch {
    // A parameter that is not validly percent-encoded: no route takes it.
    return false;
  }
}

/**
 * The methods the application routes for a path, HEAD wherever GET is, sorted; empty when no route has
 * the path. Asked only for requests no route took (the 404 path), so it costs nothing on routed requests.
 */
export function routedMethods(app: Application, path: string): string[] {
  const methods = (app.get(ROUTES) as RouteTable).methodsOf(path);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/** Methods no resource of the service serves (TRACE would echo the request, CONNECT opens a tunnel). */
const NEVER_SERVED: ReadonlySet<string> = new Set(['TRACE', 'TRACK', 'CONNECT']);

/**
 * The 405 for a method no route took, when the path exists with other methods or the method is one the
 * service never serves (as are those Node cannot even parse); null when the path does not exist (a 404).
 */
export function methodNotAllowed(
  method: string,
  allowed: string[],
  neverServed = NEVER_SERVED.has(method),
): DomainError | null {
  if (!allowed.length && !neverServed) return null;
  return new DomainError(ErrorCode.MethodNotAllowed, `The method ${method} is not allowed on this path.`);
}
