import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { Clock } from '../common/time/clock';
import { ApiKeysRepository } from './api-keys.repository';
import type { KeyOnRequest } from './api-keys.sql';
import { bearerTokenOf } from './bearer-token';
import { TokenService, type VerifiedClaims } from './token.service';

/** A request's bearer token: none, refused (and why), or a live key of an account. */
export type KeyCheck =
  | { outcome: 'none' }
  | { outcome: 'refused'; error: DomainError }
  | { outcome: 'valid'; claims: VerifiedClaims; key: KeyOnRequest };

const MINUTE = 60_000;

/**
 * The one check of a request's key, shared by the rate limiter (whose budget a valid key counts
 * against) and the access guard, so each request reads its key once: by primary key, on every request,
 * so a revocation, an expiry or a roll's end takes effect on the next request on every instance.
 */
@Injectable()
export class RequestKeys {
  private readonly checks = new WeakMap<Request, Promise<KeyCheck>>();

  constructor(
    private readonly tokens: TokenService,
    private readonly keys: ApiKeysRepository,
    private readonly clock: Clock,
  ) {}

  /** The request's check, made on the first call; a failure to read (the database down) is thrown. */
  check(request: Request): Promise<KeyCheck> {
    let check = this.checks.get(request);
    if (!check) {
      check = this.checkOf(bearerTokenOf(request.headers.authorization));
      this.checks.set(request, check);
    }
    return check;
  }

  private async checkOf(token: string | undefined): Promise<KeyCheck> {
    if (token === undefined) return { outcome: 'none' };
    let claims: VerifiedClaims;
    try {
      claims = this.tokens.verify(token);
    } catch (error) {
      if (error instanceof DomainError) return { outcome: 'refused', error };
      throw error;
    }
    const key = await this.keys.onRequest(claims.jti);
    const refusal = key ? this.refusalOf(key, claims) : invalid();
    if (refusal) return { outcome: 'refused', error: refusal };
    await this.noteUse(key!);
    return { outcome: 'valid', claims, key: key! };
  }

  private refusalOf(key: KeyOnRequest, claims: VerifiedClaims): DomainError | undefined {
    const owner = claims.typ === 'vendor' ? key.vendorId : key.managerId;
    if (owner !== claims.accountId) return invalid();
    // Tokens issued before keys were hashed have none: their signature and jti vouch for them.
    if (key.secretHash && !timingSafeEqual(key.secretHash, claims.hash)) return invalid();
    const now = this.clock.now();
    if (key.revokedAt && key.revokedAt <= now) {
      return new DomainError(ErrorCode.TokenRevoked, 'The API key was revoked; use another key.');
    }
    if (key.expiresAt && key.expiresAt <= now) {
      return new DomainError(
        ErrorCode.TokenExpired,
        key.rolledInto
          ? `The API key was rolled; its old secret expired at ${key.expiresAt.toISOString()}. Use the new secret.`
          : `The API key expired at ${key.expiresAt.toISOString()}; use a key that is still valid.`,
      );
    }
    return undefined;
  }

  /** Last use, to the minute: written when the stored minute is older, so at most once a minute per key. */
  private async noteUse(key: KeyOnRequest): Promise<void> {
    const minute = new Date(Math.floor(this.clock.now().getTime() / MINUTE) * MINUTE);
    if (key.lastUsedAt && key.lastUsedAt >= minute) return;
    await this.keys.touch(key.id, minute);
  }
}

const invalid = () => new DomainError(ErrorCode.Unauthenticated, 'The bearer token is invalid.');
