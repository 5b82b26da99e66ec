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

const TOKEN_TYPES: readonly string[] = ['vendor', 'manager'] satisfies TokenType[];

/** Signs and verifies the API's bearer tokens: HS256, no expiry, revoked by replacing the account's jti. */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  sign(type: TokenType, accountId: number): { token: string; jti: string } {
    const jti = randomUUID();
    const token = this.jwt.sign({ typ: type }, { subject: String(accountId), jwtid: jti });
    return { token, jti };
  }

  /** The claims of a well-formed token with a valid signature; anything else is a 401. */
  verify(token: string): TokenClaims & { accountId: number } {
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
