import { SetMetadata, type Type } from '@nestjs/common';
import type { Request } from 'express';

/** Tells whether a request proves who sent it (a provider's signature over it, a link of ours). */
export interface CallerVerifier {
  isVerified(request: Request): boolean | Promise<boolean>;
}

export const CALLER_VERIFIER_KEY = 'callerVerifier';

/**
 * A route without tokens whose callers prove themselves otherwise (a provider signing each call, a
 * customer's unsubscribe link): a call the verifier (a provider of the route's module) accepts is not
 * counted against the anonymous per-IP limit, which the provider's few addresses would exhaust with
 * other people's traffic; any other call is counted as usual.
 */
export const UnlimitedWhenVerified = (verifier: Type<CallerVerifier>): MethodDecorator =>
  SetMetadata(CALLER_VERIFIER_KEY, verifier);
