import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { RouteMetadata } from '../../common/http/route-metadata';
import { DomainError, ErrorCode } from '../../common/errors/domain-error';
import { REQUIRED_FEATURE_KEY } from '../decorators/access.decorators';
import type { AuthenticatedRequest } from '../principal';
import type { VendorFeature } from '../vendor-account';

/** Global guard after AccessGuard: enforces @RequireFeature on the vendor row the access guard loaded. */
@Injectable()
export class FeatureGuard implements CanActivate {
  constructor(private readonly reflector: RouteMetadata) {}

  canActivate(context: ExecutionContext): boolean {
    const feature = this.reflector.getAllAndOverride<VendorFeature | undefined>(REQUIRED_FEATURE_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!feature) return true;
    const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
    if (principal?.type === 'vendor' && principal.vendor[feature]) return true;
    throw new DomainError(ErrorCode.FeatureDisabled, `The ${feature} feature is not enabled for this vendor.`);
  }
}
