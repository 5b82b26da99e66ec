import { type INestApplication, RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer, NestFactory, Reflector } from '@nestjs/core';
import { AppModule } from '../../src/app.module';
import { AuditInterceptor } from '../../src/audit/audit.interceptor';
import { ACCESS_KEY, type Access, MANAGER_API_PREFIX } from '../../src/auth/decorators/access.decorators';
import { buildApiDocument } from '../../src/openapi/api-document';

const WRITES: ReadonlySet<RequestMethod> = new Set([
  RequestMethod.POST,
  RequestMethod.PUT,
  RequestMethod.PATCH,
  RequestMethod.DELETE,
]);

interface Route {
  name: string;
  handler: unknown;
  api: Access | undefined;
  write: boolean;
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
      routes.push({
        name: `${RequestMethod[method]} ${metatype.name}.${name}`,
        handler,
        api: reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, metatype]),
        write: WRITES.has(method),
        interceptors: reflector.get<unknown[] | undefined>(INTERCEPTORS_METADATA, handler) ?? [],
      });
    }
  }
  return routes;
}

/** docs/contract.md#data-rights: the audit interceptor is on the manager API's writes, explicitly (`@Audited()`), and nowhere else. */
describe('Audited routes (e2e)', () => {
  let app: INestApplication;
  let routes: Route[];
  beforeAll(async () => {
    // The module graph and its decorators only: no provider runs, no database.
    app = await NestFactory.create(AppModule, { preview: true, logger: false });
    routes = routesOf(app);
  });
  afterAll(() => app.close());

  it('puts the audit interceptor on every manager API write, innermost (inside @Idempotent() and an upload’s)', () => {
    const managerWrites = routes.filter((route) => route.api === 'manager' && route.write);
    const paths = buildApiDocument(app).paths;
    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith(`/${MANAGER_API_PREFIX}/`))
      .flatMap(([, item]) => ['post', 'put', 'patch', 'delete'].filter((method) => method in item));
    expect(managerWrites).toHaveLength(documented.length);
    expect(
      managerWrites
        .filter((route) => route.interceptors[route.interceptors.length - 1] !== AuditInterceptor)
        .map((route) => route.name),
    ).toEqual([]);
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
