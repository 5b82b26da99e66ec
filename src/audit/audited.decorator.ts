import { UseInterceptors, applyDecorators } from '@nestjs/common';
import { AuditInterceptor } from './audit.interceptor';

/**
 * A manager API write, recorded in the audit log (docs/contract.md#data-rights) in the write's own transaction. Write it
 * above the route's other interceptors (`@Idempotent()`, an upload's): decorators apply from the bottom
 * up, so it runs innermost and a replayed answer records nothing. Every manager API write route takes it
 * (test/customer-data/audited-routes.e2e-spec.ts); reads never do, so they run no interceptor at all.
 */
export const Audited = (): MethodDecorator => applyDecorators(UseInterceptors(AuditInterceptor));
