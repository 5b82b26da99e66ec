import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { MANAGER_API_PREFIX } from '../auth/decorators/access.decorators';
import type { AuditRecord, AuditTarget } from './audit-record';

type AuditedRequest = Request & { id?: string; [EXPLICIT_TARGET]?: AuditTarget };

const EXPLICIT_TARGET = Symbol('audit target');

/** Lets a handler name what it acted on when the route cannot say (a contact, by its hash). */
export interface AuditTargetSlot {
  set(target: AuditTarget): void;
}

/** A handler parameter: `@AuditedTarget() target: AuditTargetSlot`. */
export const AuditedTarget = createParamDecorator((_: unknown, context: ExecutionContext): AuditTargetSlot => {
  const request = context.switchToHttp().getRequest<AuditedRequest>();
  return {
    set: (target) => {
      request[EXPLICIT_TARGET] = target;
    },
  };
});

const singular = (segment: string): string => segment.replace(/s$/, '');
const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function idOf(result: unknown): string | null {
  const id = (result as { id?: unknown } | null)?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
}

/**
 * What a manager write did, read from its route: the action is the method and route template; the
 * target is what a create made (a POST to a collection answering an `id`), else the last id in the
 * path, else the collection; the fields are the names of the body's properties (never values).
 */
export function managerWriteRecord(request: AuditedRequest, managerId: number, result: unknown): AuditRecord {
  const template = String((request.route as { path?: string } | undefined)?.path ?? request.path)
    .replace(`/${MANAGER_API_PREFIX}`, '')
    .replace(/:(\w+)/g, '{$1}');
  const segments = template.split('/').filter(Boolean);
  const last = segments[segments.length - 1] ?? '';
  const lastParam = [...segments].reverse().find((segment) => segment.startsWith('{'));
  const params = request.params as Record<string, string>;
  let target: AuditTarget;
  if (request[EXPLICIT_TARGET]) target = request[EXPLICIT_TARGET];
  else if (request.method === 'POST' && !last.startsWith('{') && last.endsWith('s') && idOf(result))
    target = { type: singular(last), id: idOf(result) };
  else if (lastParam) {
    const name = lastParam.slice(1, -1);
    const type = name === 'id' ? singular(segments[segments.indexOf(lastParam) - 1]) : kebab(name.replace(/Id$/, ''));
    target = { type, id: params[name] ?? null };
  } else target = { type: singular(segments[0] ?? 'manager-api'), id: null };
  const vendorId = params.vendorId ?? (target.type === 'vendor' ? target.id : null);
  const body = request.body as unknown;
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  if (request.files) fields.push('files');
  return {
    actor: { type: 'manager', id: String(managerId) },
    action: `${request.method} ${template}`,
    target,
    vendorId: vendorId === null ? null : Number(vendorId),
    requestId: request.id ?? null,
    fields,
  };
}
