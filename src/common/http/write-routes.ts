import { RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { CallHandler, ExecutionContext, INestApplication, NestInterceptor } from '@nestjs/common';
import type { Application, Request } from 'express';
import type { Observable } from 'rxjs';

const WRITES: ReadonlySet<RequestMethod> = new Set([
  RequestMethod.POST,
  RequestMethod.PUT,
  RequestMethod.PATCH,
  RequestMethod.DELETE,
]);

/**
 * Puts `interceptor` on every write route of every controller, innermost (after the route's own
 * interceptors, `@Idempotent()` and an upload's), before the routes are registered
 * (call before `init`/`listen`). A global interceptor would run on every read as well: a route with
 * any interceptor goes through Nest's per-request rxjs pipeline, and reads need none. The metadata
 * holds a stand-in that runs the interceptor of the application the request came to (several
 * applications may share the controller classes, as in tests); `setting` names where it is kept.
 * Routes a controller inherits (one abstract class of routes serving both APIs) are found as Nest's
 * router finds them, up the prototype chain.
 */
export function bindToWriteRoutes(app: INestApplication, setting: string, interceptor: NestInterceptor): void {
  (app.getHttpAdapter().getInstance() as Application).set(setting, interceptor);
  const standIn = standInFor(setting);
  const scanner = new MetadataScanner();
  for (const { metatype } of app.get(DiscoveryService).getControllers()) {
    const prototype = (metatype as { prototype?: Record<string, unknown> } | null)?.prototype;
    if (!prototype) continue;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function') continue;
      if (!WRITES.has(Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod)) continue;
      const own = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
      if (own.includes(standIn)) continue;
      Reflect.defineMetadata(INTERCEPTORS_METADATA, [...own, standIn], handler);
    }
  }
}

const standIns = new Map<string, NestInterceptor>();

/** One stand-in per setting, so that binding again (another application) finds it already there. */
function standInFor(setting: string): NestInterceptor {
  let standIn = standIns.get(setting);
  if (!standIn) {
    standIn = {
      intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
        const { app } = context.switchToHttp().getRequest<Request>();
        return (app.get(setting) as NestInterceptor).intercept(context, next) as Observable<unknown>;
      },
    };
    standIns.set(setting, standIn);
  }
  return standIn;
}
