import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor } from '@nestjs/common';
import { type Observable, finalize, from, switchMap } from 'rxjs';
import type { AuthenticatedRequest, Principal } from '../auth/principal';
import { type RateLimitConfig, rateLimitConfig } from '../config/rate-limit.config';
import { accountKey } from './account-key';
import { KeyedSlots } from './keyed-slots';

const accountOf = (principal: Principal): string =>
  principal.type === 'vendor' ? accountKey('vendor', principal.vendor.id) : accountKey('manager', principal.manager.id);

/** The write slots of every account on this instance: one set, shared by every module's write routes. */
@Injectable()
export class AccountWriteSlots extends KeyedSlots {
  constructor(@Inject(rateLimitConfig.KEY) config: RateLimitConfig) {
    super(config.writesInFlight);
  }
}

/**
 * On every write route of an account, outermost: one account runs at most WRITES_IN_FLIGHT_PER_ACCOUNT
 * writes at once on this instance, its next ones waiting their turn in order of arrival. A write
 * holds a pooled connection for its whole transaction; without the bound, a vendor system sending a
 * campaign with many concurrent requests takes every connection, and every other account's reads
 * and the outbox workers queue behind it (docs/scaling.md#writes-and-messages-what-one-request-costs).
 * The rate limit, checked before, bounds how many can wait.
 */
@Injectable()
export class WriteSlotInterceptor implements NestInterceptor {
  constructor(private readonly slots: AccountWriteSlots) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { principal } = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!principal) throw new Error('a write route of an account reached without its account');
    return from(this.slots.take(accountOf(principal))).pipe(
      switchMap((release) => next.handle().pipe(finalize(release))),
    );
  }
}
