import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { isUniqueViolation } from '../common/errors/database-errors';
import { Manager, ManagerRole } from './entities/manager.entity';
import { ManagersRepository } from './managers.repository';
import type { Principal, TokenType } from './principal';
import { TokenService, type VerifiedClaims } from './token.service';
import { VendorAccounts } from './vendor-account';

@Injectable()
export class AuthService {
  constructor(
    private readonly managers: ManagersRepository,
    private readonly vendorAccounts: VendorAccounts,
    private readonly tokens: TokenService,
  ) {}

  /** Resolves a verified token to the account it stands for, refusing revoked and misplaced tokens. */
  async authenticate(claims: VerifiedClaims, expected: TokenType): Promise<Principal> {
    if (claims.typ !== expected) {
      throw new DomainError(
        ErrorCode.Forbidden,
        expected === 'vendor'
          ? 'A manager token cannot be used on the vendor API; use a vendor token.'
          : 'A vendor token cannot be used on the manager API; use a manager token.',
      );
    }
    if (claims.typ === 'vendor') {
      const vendor = holderOf(await this.vendorAccounts.findAccount(claims.accountId), claims.jti);
      if (!vendor.activated) throw new DomainError(ErrorCode.VendorDeactivated, 'The vendor account is deactivated.');
      return { type: 'vendor', vendor };
    }
    const manager = holderOf(await this.managers.findById(claims.accountId), claims.jti);
    if (manager.role !== ManagerRole.Admin) {
      throw new DomainError(ErrorCode.Forbidden, 'Only managers with the ADMIN role may use the manager API.');
    }
    return { type: 'manager', manager };
  }

  /** A new manager token; only ADMIN managers may hold one. */
  async issueManagerToken(manager: Manager): Promise<string> {
    if (manager.role !== ManagerRole.Admin) {
      throw new DomainError(ErrorCode.Forbidden, 'Only managers with the ADMIN role can be issued a manager token.');
    }
    return this.tokens.issue('manager', manager.id, (jti) => this.managers.setActiveToken(manager.id, jti));
  }

  async issueManagerTokenByEmail(email: string): Promise<string> {
    return (await this.issueManagerTokenFor(email)).token;
  }

  /** A new token for the manager with this e-mail, and who that is. */
  async issueManagerTokenFor(email: string): Promise<{ manager: Manager; token: string }> {
    const manager = await this.managers.findByEmail(email);
    if (!manager) throw DomainError.notFound('Manager', email);
    return { manager, token: await this.issueManagerToken(manager) };
  }

  /** Creates an ADMIN manager and returns its first token. */
  async createAdmin(email: string, name: string): Promise<{ manager: Manager; token: string }> {
    let manager: Manager;
    try {
      manager = await this.managers.create(email, name, ManagerRole.Admin);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError(ErrorCode.Conflict, `A manager with email ${email} already exists.`);
      throw error;
    }
    return { manager, token: await this.issueManagerToken(manager) };
  }
}

/** The account, if the token's jti is still its active one. */
function holderOf<T extends { activeTokenId: string | null }>(account: T | null, jti: string): T {
  if (!account) throw new DomainError(ErrorCode.Unauthenticated, 'The bearer token is invalid.');
  if (account.activeTokenId !== jti) {
    throw new DomainError(ErrorCode.TokenRevoked, 'The bearer token was revoked; use the most recently issued token.');
  }
  return account;
}
