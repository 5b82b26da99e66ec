import { type NestInterceptor, SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import { type Access, Public } from '../auth/decorators/access.decorators';
import { AuditInterceptor } from '../audit/audit.interceptor';
import { AuditTargetOf, type DeclaredAuditTarget } from '../audit/manager-writes';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { WriteSlotInterceptor } from '../rate-limit/write-slot.interceptor';

/** A route's own interceptors (an upload's), as `@UseInterceptors` takes them. */
type RouteInterceptor = NestInterceptor | (abstract new (...args: never[]) => NestInterceptor);

/** Which kind of write a route is: the API it belongs to (test/http/write-routes.e2e-spec.ts holds each to it). */
export const WRITE_ROUTE_KIND = 'write-route:kind';

/*
 * Each kind puts its interceptors on in one call, outermost first: the account's write slot (how many
 * of its writes run at once), the Idempotency-Key check, then the route's own interceptors, then
 * (manager writes) the audit. So a replayed answer runs nothing inside the check, and the audit entry
 * is written in the write's own transaction, or not at all.
 */

/** A write of the vendor API: it runs once per Idempotency-Key (docs/contract.md#idempotency). */
export const VendorWrite = (...inner: RouteInterceptor[]): MethodDecorator =>
  applyDecorators(
    SetMetadata(WRITE_ROUTE_KIND, 'vendor' satisfies Access),
    UseInterceptors(WriteSlotInterceptor, IdempotencyInterceptor, ...inner),
  );

/**
 * A write of the manager API, or a handler both APIs share (a vendor's call is not audited): it runs
 * once per Idempotency-Key and is recorded in the audit log against the target it declares
 * (docs/contract.md#data-rights).
 */
export const ManagerWrite = (target: DeclaredAuditTarget, ...inner: RouteInterceptor[]): MethodDecorator =>
  applyDecorators(
    SetMetadata(WRITE_ROUTE_KIND, 'manager' satisfies Access),
    AuditTargetOf(target),
    UseInterceptors(WriteSlotInterceptor, IdempotencyInterceptor, ...inner, AuditInterceptor),
  );

/**
 * A write anyone may call (the customer pages' forms, the SMS provider's webhook): no account keys its
 * repeats and no manager is audited, so it is idempotent by its own means (a form records an answer
 * once; a text by its `MessageSid`).
 */
export const PublicWrite = (): MethodDecorator =>
  applyDecorators(SetMetadata(WRITE_ROUTE_KIND, 'public' satisfies Access), Public());
