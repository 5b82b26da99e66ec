import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { AuthenticatedRequest } from '../../auth/principal';
import type { WebhookAccount } from '../webhook-account';

/** The calling account, vendor or manager: the owner of the endpoints a route works on. */
export const CurrentAccount = createParamDecorator((_data: unknown, context: ExecutionContext): WebhookAccount => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new Error('CurrentAccount used on a public route');
  return principal.type === 'vendor'
    ? { type: 'vendor', id: principal.vendor.id }
    : { type: 'manager', id: principal.manager.id };
});
