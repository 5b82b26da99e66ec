import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
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

/** Signs and verifies the API's bearer tokens: HS256, no expiry, revoked by replacing the account's jti. */
@Injectable()
export class TokenService {
  /** Per request, the token already verified: the rate limiter and the access guard both need its claims. */
  private readonly verifiedFor = new WeakMap<object, { token: string; claims: VerifiedClaims }>();

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

  /** `verify`, done once per request and token. */
  verifyForRequest(request: object, token: string): VerifiedClaims {
    const known = this.verifiedFor.get(request);
    if (known?.token === token) return known.claims;
    const claims = this.verify(token);
    this.verifiedFor.set(request, { token, claims });
    return claims;
  }

  /** The claims of a well-formed token with a valid signature; anything else is a 401. */
  verify(token: string): VerifiedClaims {
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
    return { ...(claims as TokenClaims), accountId };
  }
}
