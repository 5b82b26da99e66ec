import type { Application } from 'express';
import { METHODS } from 'node:http';
import { DomainError, ErrorCode } from '../errors/domain-error';

/** The parts of Express's router (the `router` package) read here. */
interface RouterLayer {
  route?: { methods: Record<string, boolean | undefined> };
  match(path: string): unknown;
}

/**
 * The methods the application routes for a path, HEAD wherever GET is, sorted; empty when no route has
 * the path. Read from Express's own router, and only for requests no route took (the 404 path), so the
 * answer can never drift from the routes and costs nothing on routed requests.
 */
export function routedMethods(app: Application, path: string): string[] {
  const layers = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  const methods = new Set<string>();
  for (const layer of layers) {
    if (!layer.route || takesEveryMethod(layer.route.methods) || !matches(layer, path)) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) if (on) methods.add(method.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/** Nest mounts its middleware (the request logger) as routes for every method and path: not endpoints. */
const takesEveryMethod = (methods: Record<string, boolean | undefined>): boolean =>
  Boolean(methods._all) || METHODS.every((method) => methods[method.toLowerCase()]);

function matches(layer: RouterLayer, path: string): boolean {
  try {
    return Boolean(layer.match(path));
  } catch {
    // A parameter that is not validly percent-encoded: no route takes it.
    return false;
  }
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
