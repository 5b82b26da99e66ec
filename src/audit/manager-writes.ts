import { type ExecutionContext, SetMetadata, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';
import { MANAGER_API_PREFIX } from '../auth/decorators/access.decorators';
import type { AuditRecord } from './audit-record';

/**
 * What a manager write acts on, declared on its route: the target's type, and where its id is: a path
 * parameter (`':vendorId'`), the answer's `id` (`'answer'`: what a create made), or set by the handler
 * through `@AuditedTarget()` (`'handler'`: a contact's hash, which no path holds).
 */
export interface DeclaredAuditTarget {
  type: string;
  id: `:${string}` | 'answer' | 'handler';
}

export const AUDIT_TARGET = 'audit:target';

/** Declares the route's audit target; `@ManagerWrite` (src/write-routes) applies it. */
export const AuditTargetOf = (target: DeclaredAuditTarget): MethodDecorator => SetMetadata(AUDIT_TARGET, target);

const HANDLER_TARGET_ID = Symbol('audit target id');

type AuditedRequest = Request & { id?: string; [HANDLER_TARGET_ID]?: string };

/** Lets a handler whose route declares `id: 'handler'` name what it acted on. */
export interface AuditTargetSlot {
  setId(id: string): void;
}

/** A handler parameter: `@AuditedTarget() target: AuditTargetSlot`. */
export const AuditedTarget = createParamDecorator((_: unknown, context: ExecutionContext): AuditTargetSlot => {
  const request = context.switchToHttp().getRequest<AuditedRequest>();
  return {
    setId: (id) => {
      request[HANDLER_TARGET_ID] = id;
    },
  };
});

function idOf(result: unknown): string | null {
  const id = (result as { id?: unknown } | null)?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
}

/**
 * What a manager write did: the action is the method and route template; the target is the one its
 * route declares; the fields are the names of the body's properties (never values).
 */
export function managerWriteRecord(
  request: AuditedRequest,
  managerId: number,
  result: unknown,
  declared: DeclaredAuditTarget,
): AuditRecord {
  const template = String((request.route as { path?: string } | undefined)?.path ?? request.path)
    .replace(`/${MANAGER_API_PREFIX}`, '')
    .replace(/:(\w+)/g, '{$1}');
  const params = request.params as Record<string, string | undefined>;
  const id =
    declared.id === 'answer'
      ? idOf(result)
      : declared.id === 'handler'
        ? (request[HANDLER_TARGET_ID] ?? null)
        : (params[declared.id.slice(1)] ?? null);
  const vendorId = params.vendorId ?? (declared.type === 'vendor' ? id : null);
  const body = request.body as unknown;
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  if (request.files) fields.push('files');
  return {
    actor: { type: 'manager', id: String(managerId) },
    action: `${request.method} ${template}`,
    target: { type: declared.type, id },
    vendorId: vendorId === null ? null : Number(vendorId),
    requestId: request.id ?? null,
    fields,
  };
}
