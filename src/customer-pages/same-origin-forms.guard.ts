import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { type AppConfig, appConfig } from '../config/app.config';
import { DomainError, ErrorCode } from '../common/errors/domain-error';

const FROM_ANOTHER_SITE = 'This form was sent from another site. Please use the form on our page.';

/** The origin (scheme, host, port) of a URL, or the text itself when it is not one ("null"). */
function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return value;
  }
}

/**
 * A customer page's form must be posted from the service's own pages (cross-site request forgery: a
 * page elsewhere posting answers, invitations or made-up referral conversions in a visitor's name).
 * A POST whose Origin, or without one its Referer, names another origin than PUBLIC_BASE_URL's is
 * refused with 403; one with neither (a mail client's one-click unsubscribe, a non-browser client) passes.
 */
@Injectable()
export class SameOriginFormsGuard implements CanActivate {
  private readonly ownOrigin: string;

  constructor(@Inject(appConfig.KEY) app: AppConfig) {
    this.ownOrigin = originOf(app.publicBaseUrl);
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.method !== 'POST') return true;
    const sentFrom = request.headers.origin ?? request.headers.referer;
    if (sentFrom === undefined || originOf(sentFrom) === this.ownOrigin) return true;
    throw new DomainError(ErrorCode.Forbidden, FROM_ANOTHER_SITE);
  }
}
