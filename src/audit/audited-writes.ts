import type { INestApplication } from '@nestjs/common';
import { bindToWriteRoutes } from '../common/http/write-routes';
import { AuditInterceptor } from './audit.interceptor';

/**
 * Puts the audit interceptor last on every write route: inside the idempotency interceptor and an
 * upload's own interceptors, so that a replayed answer records nothing (call before `init`/`listen`).
 */
export function bindAuditToWrites(app: INestApplication): void {
  bindToWriteRoutes(app, 'audit interceptor', app.get(AuditInterceptor));
}
