import type { INestApplication } from '@nestjs/common';
import { bindToWriteRoutes } from '../common/http/write-routes';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/**
 * Puts the idempotency interceptor first on every write route, so that a replayed answer runs
 * nothing inside it (call before `init`/`listen`).
 */
export function bindIdempotencyToWrites(app: INestApplication): void {
  bindToWriteRoutes(app, 'idempotency interceptor', app.get(IdempotencyInterceptor), 'outermost');
}
