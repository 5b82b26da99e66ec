import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { Clock } from '../common/time/clock';
import { ApiKeysRepository } from './api-keys.repository';
import { API_KEY_SQL, type KeyOnRequest, keyWithAccountSql } from './api-keys.sql';
import type { Manager } from './entities/manager.entity';
import { bearerTokenOf } from './bearer-token';
import { TokenService, type VerifiedClaims, invalidToken } from './token.service';
import { type VendorAccount, VendorAccounts } from './vendor-account';

/** The account a token names, as read with its key. */
export type KeyAccount = { type: 'vendor'; vendor: VendorAccount } | { type: 'manager'; manager: Manager };

/**
 * A request's bearer token: none, refused (and why), or a live key of an account, with that account
 * (null when it no longer exists).
 */
export type KeyCheck =
  | { outcome: 'none' }
  | { outcome: 'refused'; error: DomainError }
  | { outcome: 'valid'; claims: VerifiedClaims; key: KeyOnRequest; account: KeyAccount | null };

const MINUTE = 60_000;

/** A request with its key check on it: a WeakMap keyed by every request costs the collector its walk. */
type CheckedRequest = Request & { keyCheck?: Promise<KeyCheck> };

/**
 * The one check of a request's key, shared by the rate limiter (whose budget a valid key counts
 * against) and the access guard, so each request reads its key once: by primary key, on every request,
 * so a revocation, an expiry or a roll's end takes effect on the next request on every instance. The
 * account the token names is read in the same statement, so its deactivation too.
 */
@Injectable()
export class RequestKeys {
  private readonly vendorKeyOnRequest;

  constructor(
    private readonly tokens: TokenService,
    private readonly keys: ApiKeysRepository,
    private readonly clock: Clock,
    vendorAccounts: VendorAccounts,
  ) {
    this.vendorKeyOnRequest = keyWithAccountSql<VendorAccount>(vendorAccounts.accountSelect);
  }

  /** The request's check, made on the first call; a failure to read (the database down) is thrown. */
  check(request: CheckedRequest): Promise<KeyCheck> {
    return (request.keyCheck ??= this.checkOf(bearerTokenOf(request.headers.authorization)));
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
    const read = await this.keyAndAccount(claims);
    const refusal = read ? this.refusalOf(read.key, claims) : invalidToken();
    if (refusal) return { outcome: 'refused', error: refusal };
    await this.noteUse(read!.key);
    return { outcome: 'valid', claims, ...read! };
  }

  private async keyAndAccount(
    claims: VerifiedClaims,
  ): Promise<{ key: KeyOnRequest; account: KeyAccount | null } | null> {
    const { jti, accountId } = claims;
    if (claims.typ === 'vendor') {
      const read = await this.keys.onRequest(this.vendorKeyOnRequest, jti, accountId);
      return read && { key: read.key, account: read.account && { type: 'vendor', vendor: read.account } };
    }
    const read = await this.keys.onRequest(API_KEY_SQL.managerKeyOnRequest, jti, accountId);
    return read && { key: read.key, account: read.account && { type: 'manager', manager: read.account } };
  }

  private refusalOf(key: KeyOnRequest, claims: VerifiedClaims): DomainError | undefined {
    const owner = claims.typ === 'vendor' ? key.vendorId : key.managerId;
    if (owner !== claims.accountId) return invalidToken();
    // Tokens issued before keys were hashed have none: their signature and jti vouch for them.
    if (key.secretHash && !timingSafeEqual(key.secretHash, claims.hash)) return invalidToken();
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
