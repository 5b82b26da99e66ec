import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { AuthenticatedRequest, KeyOwner } from '../auth/principal';
import type { KeyActor } from './api-key-changes.service';

/** The caller, as the owner of the keys its own-key routes work on and as the actor of their audit entries. */
export interface KeyHolder {
  owner: KeyOwner;
  actor: KeyActor;
}

export const CurrentKeyHolder = createParamDecorator((_data: unknown, context: ExecutionContext): KeyHolder => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new Error('CurrentKeyHolder used on a public route');
  const id = principal.type === 'vendor' ? principal.vendor.id : principal.manager.id;
  return { owner: { type: principal.type, id }, actor: { type: principal.type, id: String(id) } };
});
