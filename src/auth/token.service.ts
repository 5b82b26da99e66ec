import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import type { TokenType } from './principal';

export interface TokenClaims {
  sub: string;
  typ: TokenType;
  jti: string;
  iat: number;
}

export type VerifiedClaims = TokenClaims & { accountId: number };

const TOKEN_TYPES: readonly string[] = ['vendor', 'manager'] satisfies TokenType[];

/** Tokens remembered as verified per instance; beyond this many, the least recently presented is verified again. */
const VERIFIED_TOKENS_REMEMBERED = 10_000;

/** Signs and verifies the API's bearer tokens: HS256, no expiry, revoked by replacing the account's jti. */
@Injectable()
export class TokenService {
  /**
   * Claims by the exact text of a token whose signature was checked: a token never expires and its text
   * cannot change without failing the check, so a caller's token is verified once per instance, not by the
   * rate limiter and the access guard on every request. Revocation is the account's active jti, read on
   * every request, so remembering a token never lets a revoked one through. Refused tokens are not kept.
   */
  private readonly verified = new LRUCache<string, VerifiedClaims>({ max: VERIFIED_TOKENS_REMEMBERED });

  constructor(private readonly jwt: JwtService) {}

  sign(type: TokenType, accountId: number): { token: string; jti: string } {
    const jti = randomUUID();
    const token = this.jwt.sign({ typ: type }, { subject: String(accountId), jwtid: jti });
    return { token, jti };
  }

  /**
   * A new token for the account, made its only valid one by `store` (which saves the jti and answers
   * false when there is no such account: a 404).
   */
  async issue(type: TokenType, accountId: number, store: (jti: string) => Promise<boolean>): Promise<string> {
    const { token, jti } = this.sign(type, accountId);
    if (!(await store(jti))) throw DomainError.notFound(type === 'vendor' ? 'Vendor' : 'Manager', accountId);
    return token;
  }

  /** The claims of a well-formed token with a valid signature; anything else is a 401. */
  verify(token: string): VerifiedClaims {
    const known = this.verified.get(token);
    if (known) return known;
    const claims = this.check(token);
    this.verified.set(token, claims);
    return claims;
  }

  private check(token: string): VerifiedClaims {
    let claims: Partial<TokenClaims>;
    try {
      claims = this.jwt.verify<TokenClaims>(token, { algorithms: ['HS256'] });
    } catch {
      throw new DomainError(ErrorCode.Unauthenticated, 'The bearer token is invalid.');
    }
    const accountId = Number(claims.sub);
    if (!Number.isSafeInteger(accountId) || accountId <= 0 || !TOKEN_TYPES.includes(claims.typ ?? '') || !claims.jti) {
      throw new DomainError(ErrorCode.Unauthenticated, 'The bearer token is invalid.');
    }
    return Object.freeze({ ...(claims as TokenClaims), accountId });
  }
}
