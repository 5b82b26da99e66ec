import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { Clock } from '../common/time/clock';
import type { TokenType } from './principal';

export interface TokenClaims {
  sub: string;
  typ: TokenType;
  jti: string;
  iat: number;
  exp?: number;
  nbf?: number;
}

/** A token whose signature was checked: its claims, its account and the SHA-256 of its text. */
export type VerifiedClaims = TokenClaims & { accountId: number; hash: Buffer };

const TOKEN_TYPES: readonly string[] = ['vendor', 'manager'] satisfies TokenType[];

/** Tokens remembered as verified per instance; beyond this many, the least recently presented is verified again. */
const VERIFIED_TOKENS_REMEMBERED = 10_000;

/** The one answer to a token that does not open a live key: which check failed is not told. */
export const invalidToken = (): DomainError =>
  new DomainError(ErrorCode.Unauthenticated, 'The bearer token is invalid.');

/** Signs and verifies the API's bearer tokens (HS256), one per API key: `jti` is the key's id. */
@Injectable()
export class TokenService {
  /**
   * Claims by the exact text of a token whose signature was checked: its text cannot change without
   * failing the check, so a caller's signature is checked once per instance, not by the rate limiter and
   * the access guard on every request. What time changes (`exp`, `nbf`) is checked on every call, and
   * revocation is the key's row, read on every request. Refused tokens are not kept.
   */
  private readonly verified = new LRUCache<string, VerifiedClaims>({ max: VERIFIED_TOKENS_REMEMBERED });

  constructor(
    private readonly jwt: JwtService,
    private readonly clock: Clock,
  ) {}

  /** A token for the key `jti` of the account; it carries `exp` when the key expires. */
  sign(type: TokenType, accountId: number, jti: string, expiresAt: Date | null): { token: string; hash: Buffer } {
    const now = this.clock.now().getTime();
    const claims = {
      typ: type,
      iat: Math.floor(now / 1000),
      ...(expiresAt && { exp: Math.ceil(expiresAt.getTime() / 1000) }),
    };
    const token = this.jwt.sign(claims, { subject: String(accountId), jwtid: jti });
    return { token, hash: hashOf(token) };
  }

  /** The claims of a well-formed, validly signed token within its `nbf`..`exp`; anything else is a 401. */
  verify(token: string): VerifiedClaims {
    let claims = this.verified.get(token);
    if (!claims) {
      claims = this.check(token);
      this.verified.set(token, claims);
    }
    const now = this.clock.now().getTime() / 1000;
    if (claims.exp !== undefined && now >= claims.exp) {
      throw new DomainError(ErrorCode.TokenExpired, 'The API key expired; use a key that is still valid.');
    }
    if (claims.nbf !== undefined && now < claims.nbf) throw invalidToken();
    return claims;
  }

  private check(token: string): VerifiedClaims {
    let claims: Partial<TokenClaims>;
    try {
      // Time is checked by `verify` on every call, against the service's clock.
      claims = this.jwt.verify<TokenClaims>(token, {
        algorithms: ['HS256'],
        ignoreExpiration: true,
        ignoreNotBefore: true,
      });
    } catch {
      throw invalidToken();
    }
    const accountId = Number(claims.sub);
    const times = [claims.exp, claims.nbf].filter((time) => time !== undefined);
    if (
      !Number.isSafeInteger(accountId) ||
      accountId <= 0 ||
      !TOKEN_TYPES.includes(claims.typ ?? '') ||
      !claims.jti ||
      !times.every((time) => typeof time === 'number')
    ) {
      throw invalidToken();
    }
    return Object.freeze({ ...(claims as TokenClaims), accountId, hash: hashOf(token) });
  }
}

export const hashOf = (token: string): Buffer => createHash('sha256').update(token).digest();
