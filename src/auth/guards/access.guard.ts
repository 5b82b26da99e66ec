import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { RouteMetadata } from '../../common/http/route-metadata';
import { DomainError, ErrorCode } from '../../common/errors/domain-error';
import { AuthService } from '../auth.service';
import { bearerTokenOf } from '../bearer-token';
import { TokenService } from '../token.service';
import { ACCESS_KEY, Access } from '../decorators/access.decorators';
import type { AuthenticatedRequest } from '../principal';

/**
 * Global guard, right after the rate limiter: resolves the bearer token to its account before anything
 * else. A route with no declared access is refused: deny by default.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: RouteMetadata,
    private readonly auth: AuthService,
    private readonly tokens: TokenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (access === 'public') return true;
    if (!access) throw new DomainError(ErrorCode.Forbidden, 'This route is not accessible.');

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization;
    if (!header) {
      throw new DomainError(
        ErrorCode.Unauthenticated,
        'Authentication required: send the header Authorization: Bearer <token>.',
      );
    }
    const token = bearerTokenOf(header);
    if (!token) throw new DomainError(ErrorCode.Unauthenticated, 'The Authorization header must be "Bearer <token>".');
    request.principal = await this.auth.authenticate(this.tokens.verify(token), access);
    return true;
  }
}
