import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { Manager } from '../entities/manager.entity';
import type { AuthenticatedRequest } from '../principal';
import type { VendorAccount } from '../vendor-account';

/** The authenticated vendor; only on vendor API routes, where the access guard has resolved it. */
export const CurrentVendor = createParamDecorator((_data: unknown, context: ExecutionContext): VendorAccount => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (principal?.type !== 'vendor') throw new Error('CurrentVendor used on a route that is not of the vendor API');
  return principal.vendor;
});

/** The authenticated manager; only on manager API routes. */
export const CurrentManager = createParamDecorator((_data: unknown, context: ExecutionContext): Manager => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (principal?.type !== 'manager') throw new Error('CurrentManager used on a route that is not of the manager API');
  return principal.manager;
});
