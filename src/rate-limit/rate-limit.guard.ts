import { ExecutionContext, Injectable, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
  normalizeIp,
} from '@nestjs/throttler';
import type { Request } from 'express';
import { bearerTokenOf } from '../auth/bearer-token';
import { TokenService } from '../auth/token.service';
import { RouteMetadata } from '../common/http/route-metadata';
import { CALLER_VERIFIER_KEY, type CallerVerifier } from '../common/http/verified-callers';
import { accountKey } from './account-key';

/**
 * Global guard, registered before authentication so that requests with a missing, forged or revoked
 * token are limited too. The tracker is the account of a validly signed token, found without a
 * database read (signature check only); anything else is limited per client IP, except a call its
 * route verifies otherwise (a provider's signed webhook), which is not counted.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: RouteMetadata,
    private readonly tokens: TokenService,
    private readonly modules: ModuleRef,
  ) {
    super(options, storage, reflector);
  }

  /** A call its route's verifier accepts (`@UnlimitedWhenVerified`) is not counted: checked before any count. */
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    const verifier = this.reflector.get<Type<CallerVerifier> | undefined>(CALLER_VERIFIER_KEY, context.getHandler());
    if (!verifier) return false;
    const request = context.switchToHttp().getRequest<Request>();
    return this.modules.get(verifier, { strict: false }).isVerified(request);
  }

  /**
   * `vendor:<id>` / `manager:<id>`: one budget per account (docs/contract.md#rate-limit), however many tokens it has been
   * issued, so a reissued token continues the count. A revoked token of the account is counted there too:
   * telling it apart needs the account's row, and the limiter answers before any database read.
   * Otherwise `ip:<address>` (IPv6 grouped by /64).
   */
  protected override getTracker(request: Request): Promise<string> {
    return Promise.resolve(this.trackerOf(request));
  }

  private trackerOf(request: Request): string {
    const token = bearerTokenOf(request.headers.authorization);
    if (token) {
      try {
        const { typ, accountId } = this.tokens.verify(token);
        return accountKey(typ, accountId);
      } catch {
        // Not a token of ours: limited by client IP below; the access guard refuses it.
      }
    }
    return `ip:${normalizeIp(request.ip ?? 'unknown', this.ipv6SubnetPrefix)}`;
  }

  /** One budget per tracker across the whole API; the default key is per controller and handler. */
  protected override generateKey(_context: ExecutionContext, tracker: string): string {
    return tracker;
  }

  /** A refused request also reports the limit (the base class only sets Retry-After then). */
  protected override throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const { res } = this.getRequestResponse(context);
    this.setResponseHeader(res, `${this.headerPrefix}-Limit`, detail.limit);
    this.setResponseHeader(res, `${this.headerPrefix}-Remaining`, 0);
    this.setResponseHeader(res, `${this.headerPrefix}-Reset`, detail.timeToExpire);
    return super.throwThrottlingException(context, detail);
  }
}
