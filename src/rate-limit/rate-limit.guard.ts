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
import { RequestKeys } from '../auth/request-keys';
import { RouteMetadata } from '../common/http/route-metadata';
import { CALLER_VERIFIER_KEY, type CallerVerifier } from '../common/http/verified-callers';
import { accountKey } from './account-key';

/**
 * Global guard, registered before authentication so that requests with a missing, forged, revoked or
 * expired token are limited too. The tracker is the account of a live key (the request's one key check,
 * which the access guard then reuses); anything else is limited per client IP, except a call its route
 * verifies otherwise (a provider's signed webhook), which is not counted.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: RouteMetadata,
    private readonly keys: RequestKeys,
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
   * `vendor:<id>` / `manager:<id>` for a live key: one budget per account (docs/contract.md#rate-limit), shared by
   * its keys. A forged, revoked or expired token never spends it, so a leaked old token cannot lock the
   * account out; it is counted, like no token, as `ip:<address>` (IPv6 grouped by /64). When the key
   * cannot be read (the database down), the IP too: the access guard then answers the failure.
   */
  protected override async getTracker(request: Request): Promise<string> {
    const check = await this.keys.check(request).catch(() => undefined);
    if (check?.outcome === 'valid') return accountKey(check.claims.typ, check.claims.accountId);
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
