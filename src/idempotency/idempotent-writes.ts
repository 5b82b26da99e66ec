import { RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { DiscoveryService } from '@nestjs/core';
import type { CallHandler, ExecutionContext, INestApplication, NestInterceptor } from '@nestjs/common';
import type { Application, Request } from 'express';
import type { Observable } from 'rxjs';
import { IdempotencyInterceptor } from './idempotency.interceptor';

const WRITES: ReadonlySet<RequestMethod> = new Set([
  RequestMethod.POST,
  RequestMethod.PUT,
  RequestMethod.PATCH,
  RequestMethod.DELETE,
]);

/** Where each application keeps its own interceptor (several may share the controller classes, as in tests). */
const INTERCEPTOR_SETTING = 'idempotency interceptor';

/** Put on the write routes' metadata once; runs the interceptor of the application the request came to. */
const idempotentWrite: NestInterceptor = {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { app } = context.switchToHttp().getRequest<Request>();
    return (app.get(INTERCEPTOR_SETTING) as IdempotencyInterceptor).intercept(context, next);
  },
};

/**
 * Puts the idempotency interceptor first on every write route of every controller, before the routes
 * are registered (call before `init`/`listen`). A global interceptor would run on every read as well:
 * a route with any interceptor goes through Nest's per-request rxjs pipeline, and reads need none.
 */
export function bindIdempotencyToWrites(app: INestApplication): void {
  (app.getHttpAdapter().getInstance() as Application).set(INTERCEPTOR_SETTING, app.get(IdempotencyInterceptor));
  for (const { metatype } of app.get(DiscoveryService).getControllers()) {
    const prototype = (metatype as { prototype?: Record<string, unknown> } | null)?.prototype;
    if (!prototype) continue;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function') continue;
      if (!WRITES.has(Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod)) continue;
      const own = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
      if (!own.includes(idempotentWrite))
        Reflect.defineMetadata(INTERCEPTORS_METADATA, [idempotentWrite, ...own], handler);
    }
  }
}
