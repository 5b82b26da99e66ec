import { type INestApplication, RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer, NestFactory, Reflector } from '@nestjs/core';
import { AppModule } from '../../src/app.module';
import { AuditInterceptor } from '../../src/audit/audit.interceptor';
import { AUDIT_TARGET, type DeclaredAuditTarget } from '../../src/audit/manager-writes';
import { ACCESS_KEY, type Access, MANAGER_API_PREFIX } from '../../src/auth/decorators/access.decorators';
import { IdempotencyInterceptor } from '../../src/idempotency/idempotency.interceptor';
import { WriteSlotInterceptor } from '../../src/rate-limit/write-slot.interceptor';
import { buildApiDocument } from '../../src/openapi/api-document';
import { WRITE_ROUTE_KIND } from '../../src/write-routes/write-routes';

const WRITES: ReadonlySet<RequestMethod> = new Set([
  RequestMethod.POST,
  RequestMethod.PUT,
  RequestMethod.PATCH,
  RequestMethod.DELETE,
]);

interface Route {
  name: string;
  path: string;
  handler: unknown;
  api: Access | undefined;
  write: boolean;
  kind: Access | undefined;
  target: DeclaredAuditTarget | undefined;
  interceptors: unknown[];
}

/** Every route of every controller, those a controller inherits included, read from its decorators. */
function routesOf(app: INestApplication): Route[] {
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const routes: Route[] = [];
  for (const { metatype } of new DiscoveryService(app.get(ModulesContainer)).getControllers()) {
    if (!metatype) continue;
    const prototype = metatype.prototype as Record<string, () => unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      const method = reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
      if (method === undefined) continue;
      const path = [reflector.get<string>(PATH_METADATA, metatype), reflector.get<string>(PATH_METADATA, handler)];
      routes.push({
        name: `${RequestMethod[method]} ${metatype.name}.${name}`,
        path: path.join('/'),
        handler,
        api: reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, metatype]),
        write: WRITES.has(method),
        kind: reflector.get<Access | undefined>(WRITE_ROUTE_KIND, handler),
        target: reflector.get<DeclaredAuditTarget | undefined>(AUDIT_TARGET, handler),
        interceptors: reflector.get<unknown[] | undefined>(INTERCEPTORS_METADATA, handler) ?? [],
      });
    }
  }
  return routes;
}

/**
 * Every write route is one kind of write (`@VendorWrite`, `@ManagerWrite`, `@PublicWrite`), which puts on
 * the idempotency check and the audit (docs/contract.md#idempotency, #data-rights) in their order.
 */
describe('Write routes (e2e)', () => {
  let app: INestApplication;
  let routes: Route[];
  let writes: Route[];
  beforeAll(async () => {
    // The module graph and its decorators only: no provider runs, no database.
    app = await NestFactory.create(AppModule, { preview: true, logger: false });
    routes = routesOf(app);
    writes = routes.filter((route) => route.write);
  });
  afterAll(() => app.close());

  it("declares each write's kind as the API that serves it (a handler both APIs share: the manager's)", () => {
    const managerHandlers = new Set(routes.filter((route) => route.api === 'manager').map((route) => route.handler));
    const expected = (route: Route) => (managerHandlers.has(route.handler) ? 'manager' : route.api);
    expect(writes.filter((route) => route.kind !== expected(route)).map((route) => route.name)).toEqual([]);
    expect(new Set(writes.map((route) => route.kind))).toEqual(new Set(['vendor', 'manager', 'public']));
  });

  it('takes a write slot first and keys every account write next, audits every manager write innermost; a public write has none', () => {
    const wrong = writes.filter(({ kind, interceptors }) => {
      const [first, second] = interceptors;
      const last = interceptors[interceptors.length - 1];
      const accountOnly = [WriteSlotInterceptor, IdempotencyInterceptor, AuditInterceptor];
      if (kind === 'public') return accountOnly.some((interceptor) => interceptors.includes(interceptor));
      const slotThenKey = first === WriteSlotInterceptor && second === IdempotencyInterceptor;
      if (kind === 'vendor') return !slotThenKey || interceptors.includes(AuditInterceptor);
      return !slotThenKey || last !== AuditInterceptor;
    });
    expect(wrong.map((route) => route.name)).toEqual([]);
  });

  it('audits as many manager writes as the OpenAPI document lists, each against a target its path holds', () => {
    const managerWrites = writes.filter((route) => route.api === 'manager');
    const paths = buildApiDocument(app).paths;
    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith(`/${MANAGER_API_PREFIX}/`))
      .flatMap(([, item]) => ['post', 'put', 'patch', 'delete'].filter((method) => method in item));
    expect(managerWrites).toHaveLength(documented.length);
    const undeclared = managerWrites.filter(({ target, path }) => {
      if (!target?.type) return true;
      return target.id.startsWith(':') && !path.split('/').includes(target.id);
    });
    expect(undeclared.map((route) => route.name)).toEqual([]);
  });

  it('runs no interceptor on a read, and the audit interceptor on no route but a manager API write', () => {
    const managerHandlers = new Set(routes.filter((route) => route.api === 'manager').map((route) => route.handler));
    expect(routes.filter((route) => !route.write && route.interceptors.length).map((route) => route.name)).toEqual([]);
    // A route of another API has it only as a handler the manager API shares (the webhook endpoints).
    expect(
      routes
        .filter((route) => route.interceptors.includes(AuditInterceptor) && !managerHandlers.has(route.handler))
        .map((route) => route.name),
    ).toEqual([]);
  });
});
