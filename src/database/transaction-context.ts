import type { INestApplication, NestInterceptor } from '@nestjs/common';
import { ApplicationConfig } from '@nestjs/core';

/** nestjs-cls's stand-in for its interceptor when that is not mounted: it only passes the call on. */
const isClsPassThrough = (interceptor: NestInterceptor): boolean =>
  Object.getPrototypeOf(interceptor) === Object.prototype &&
  String(Object.getOwnPropertyDescriptor(interceptor, 'intercept')?.value) === '(_, next) => next.handle()';

/**
 * ClsModule registers a global interceptor even when it mounts none (here a transaction opens its own
 * context): a pass-through, but any interceptor puts every route through Nest's per-request rxjs
 * pipeline. Taken out again here, before the routes are registered; if a later nestjs-cls writes it
 * differently it is simply kept (slower, never wrong).
 */
export function dropClsPassThroughInterceptor(app: INestApplication): void {
  const interceptors = app.get(ApplicationConfig).getGlobalInterceptors();
  const index = interceptors.findIndex(isClsPassThrough);
  if (index !== -1) interceptors.splice(index, 1);
}
