import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { RouteMetadata } from '../../common/http/route-metadata';
import { DomainError, ErrorCode } from '../../common/errors/domain-error';
import { AuthService } from '../auth.service';
import { RequestKeys } from '../request-keys';
import { ACCESS_KEY, Access, REQUIRED_SCOPE_KEY } from '../decorators/access.decorators';
import { type ApiScope, grants } from '../decorators/scopes';
import type { AuthenticatedRequest } from '../principal';

/**
 * Global guard, right after the rate limiter: resolves the bearer token to its key and account before
 * anything else, and admits the route only if the key holds its scope. A route with no declared access,
 * or no declared scope, is refused: deny by default.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: RouteMetadata,
    private readonly auth: AuthService,
    private readonly keys: RequestKeys,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, targets);
    if (access === 'public') return true;
    const scope = this.reflector.getAllAndOverride<ApiScope | undefined>(REQUIRED_SCOPE_KEY, targets);
    if (!access || !scope) throw new DomainError(ErrorCode.Forbidden, 'This route is not accessible.');

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization;
    if (!header) {
      throw new DomainError(
        ErrorCode.Unauthenticated,
        'Authentication required: send the header Authorization: Bearer <token>.',
      );
    }
    const check = await this.keys.check(request);
    if (check.outcome === 'none') {
      throw new DomainError(ErrorCode.Unauthenticated, 'The Authorization header must be "Bearer <token>".');
    }
    if (check.outcome === 'refused') throw check.error;
    const principal = this.auth.authenticate(check.claims, check.key, check.account, access);
    if (!grants(principal.key.scopes, scope)) {
      throw new DomainError(
        ErrorCode.MissingScope,
        `This API key lacks the scope ${scope}, which this operation needs.`,
      );
    }
    request.principal = principal;
    return true;
  }
}
